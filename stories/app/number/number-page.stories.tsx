import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { NumberNotFound } from '@/app/number/number-not-found'
import { NumberPage } from '@/app/number/number-page'
import { ltr } from '@/components/ui/phone-text'
import { phone } from '@/lib/phone'
import type { StoryRouter } from '../../support/app-frame'
import { fail, ok, PENDING } from '../../support/api'
import { withAppShell } from '../../support/decorators'
import { comments, limitedNumber, richNumber, SCAM_DIGITS } from '../../support/fixtures'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'

const meta = {
  title: 'Pages/Number',
  component: NumberPage,
  decorators: [withAppShell],
  args: { digits: SCAM_DIGITS },
  parameters: { layout: 'fullscreen', route: `/number/${SCAM_DIGITS}` },
  beforeEach: () => signIn(),
} satisfies Meta<typeof NumberPage>
export default meta
type Story = StoryObj<typeof meta>

const SEARCH = 'GET /api/v202505/search/*'
const heading = (LL: ReturnType<typeof translations>) => LL.number.pageTitle({ number: ltr(phone.formatInternational(`+${SCAM_DIGITS}`)) })

const richStory = modes<Story>({
  parameters: {
    api: { [SEARCH]: ok(richNumber()), 'GET /api/v7/comment/list': ok({ items: comments(), total: 2 }), 'GET /api/v6/contacts/by-phone': ok({ contacts: [] }) },
  },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: heading(LL) })).toBeVisible()
    await expect(await page.findByRole('meter', { name: LL.number.reputation() })).toBeVisible()
    await expect(page.getByRole('textbox', { name: LL.search.label() })).toHaveValue(phone.formatTyping(SCAM_DIGITS))
    await expect(await page.findByText(comments()[0].text)).toBeVisible()
    await expect(page.queryByRole('alert')).toBeNull()
  },
})
export const RichData = richStory.light
export const RichDataDark = richStory.dark
export const RichDataRtl = richStory.rtl
export const RichDataDarkRtl = richStory.darkRtl

const limitedStory = modes<Story>({
  parameters: { api: { [SEARCH]: ok(limitedNumber()) } },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    const limit = await page.findByRole('alert')
    await expect(within(limit).getByRole('heading', { name: LL.number.limitTitle() })).toBeVisible()
    await expect(limit).toHaveTextContent(LL.number.limitText({ price: 2 }))
    await expect(within(limit).getByRole('link', { name: LL.number.toPaywall() })).toHaveAttribute('href', '/paywall')
    // No searches left: the search box says so, and the limited answer has no comments.
    await expect(page.getByText(LL.search.remaining({ count: 0 }))).toBeVisible()
    await expect(page.queryByTestId('comments')).toBeNull()
  },
})
export const Limited = limitedStory.light
export const LimitedDark = limitedStory.dark
export const LimitedRtl = limitedStory.rtl
export const LimitedDarkRtl = limitedStory.darkRtl

const loadingStory = modes<Story>({
  parameters: { api: { [SEARCH]: PENDING } },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: heading(LL) })).toBeVisible()
    await expect(page.getByRole('status')).toHaveTextContent(LL.app.loading())
  },
})
export const Loading = loadingStory.light
export const LoadingDark = loadingStory.dark
export const LoadingRtl = loadingStory.rtl
export const LoadingDarkRtl = loadingStory.darkRtl

const errorStory = modes<Story>({
  parameters: { api: { [SEARCH]: fail(500) } },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(await page.findByRole('alert')).toHaveTextContent(LL.app.genericError())
    await expect(page.getByRole('button', { name: LL.app.retry() })).toBeVisible()
  },
})
export const LoadFailed = errorStory.light
export const LoadFailedDark = errorStory.dark
export const LoadFailedRtl = errorStory.rtl
export const LoadFailedDarkRtl = errorStory.darkRtl

const unknownStory = modes<Story>({
  parameters: { api: { [SEARCH]: fail(404, 404, 'not found') } },
  play: async ({ loaded }) => {
    // A search with no result sends the user to the not-found page, replacing this address.
    const router = loaded.router as StoryRouter
    await waitFor(() => expect(router.state.location.pathname).toBe('/number/not-found'))
  },
})
export const UnknownNumberRedirects = unknownStory.light
export const UnknownNumberRedirectsDark = unknownStory.dark
export const UnknownNumberRedirectsRtl = unknownStory.rtl
export const UnknownNumberRedirectsDarkRtl = unknownStory.darkRtl

const notFoundStory = modes<Story>({
  parameters: { route: '/number/not-found' },
  render: () => <NumberNotFound />,
  play: async ({ canvasElement, globals, loaded, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: LL.number.notFoundTitle() })).toBeVisible()
    await expect(page.getByText(LL.number.notFoundText())).toBeVisible()
    // A new search from here goes to that number's page.
    await userEvent.type(page.getByRole('textbox', { name: LL.search.label() }), '12015550150')
    await userEvent.click(page.getByRole('button', { name: LL.search.submit() }))
    const router = loaded.router as StoryRouter
    await waitFor(() => expect(router.state.location.pathname).toBe('/number/12015550150'))
  },
})
export const NotFound = notFoundStory.light
export const NotFoundDark = notFoundStory.dark
export const NotFoundRtl = notFoundStory.rtl
export const NotFoundDarkRtl = notFoundStory.darkRtl
