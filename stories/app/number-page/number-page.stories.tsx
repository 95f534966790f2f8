import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, waitFor, within } from 'storybook/test'
import { NumberNotFound } from '@/app/number-page/number-not-found'
import { NumberPage } from '@/app/number-page/number-page'
import { ltr } from '@/components/ui/phone-text'
import { phone } from '@/lib/phone'
import { balance } from '@/stores/balance'
import type { StoryRouter } from '../../support/app-frame'
import { fail, ok, PENDING } from '../../support/api'
import { withAppShell } from '../../support/decorators'
import { comments, limitedNumber, richNumber, SCAM_DIGITS } from '../../support/fixtures'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'
import { myProfile } from '../../features/paywall/fixtures'
import { statusSaying, findDialog } from '../../support/queries'

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
    api: {
      [SEARCH]: ok(richNumber()),
      'GET /api/v7/comment/list': ok({ items: comments(), total: 2 }),
      'GET /api/v6/contacts/by-phone': ok({ contacts: [] }),
    },
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
    // One click searches for the price in coins.
    await expect(within(limit).getByRole('button', { name: LL.money.searchFor({ price: 2 }).trim() })).toBeEnabled()
    // No searches left: the search box says so, and the limited answer has no comments.
    await expect(page.getByText(LL.search.remaining({ count: 0 }))).toBeVisible()
    await expect(page.queryByTestId('comments')).toBeNull()
  },
})
export const Limited = limitedStory.light
export const LimitedDark = limitedStory.dark
export const LimitedRtl = limitedStory.rtl
export const LimitedDarkRtl = limitedStory.darkRtl

let paidCalls: string[] = []
const paidStory = modes<Story>({
  parameters: {
    api: {
      [SEARCH]: (url: URL) => {
        const paid = url.searchParams.get('paidSearch') === '1'
        paidCalls.push(paid ? 'search paid' : 'search')
        const limited = limitedNumber()
        return ok(paid ? richNumber() : { ...limited, common: { ...limited.common, balance: 5 } })
      },
      'GET /api/v6/profile/my': ok(myProfile(null, false)),
      'POST /api/v6/params/overlimit': () => {
        paidCalls.push('overlimit on')
        return ok({ overlimit: true })
      },
      'GET /api/v7/comment/list': ok({ items: comments(), total: 2 }),
      'GET /api/v6/contacts/by-phone': ok({ contacts: [] }),
    },
  },
  beforeEach: () => {
    paidCalls = []
    signIn({ coins: 5 })
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    const limit = await page.findByRole('alert')
    // Paid searches are off in the settings: the one click turns them on, and says so.
    await expect(await within(limit).findByText(LL.money.searchForNote())).toBeVisible()
    await userEvent.click(within(limit).getByRole('button', { name: LL.money.searchFor({ price: 2 }).trim() }))
    // The number's page replaces the alert; this one search was paid, the next ones are not.
    await expect(await page.findByRole('meter', { name: LL.number.reputation() })).toBeVisible()
    await waitFor(() => expect(page.queryByRole('heading', { name: LL.number.limitTitle() })).toBeNull())
    await expect(paidCalls).toEqual(['search', 'overlimit on', 'search paid'])
    // The balance is fetched again after the spend; let it land before the next story starts.
    await waitFor(() => expect(balance.loading).toBe(false), { timeout: 3000 })
  },
})
export const PaidSearch = paidStory.light
export const PaidSearchDark = paidStory.dark
export const PaidSearchRtl = paidStory.rtl
export const PaidSearchDarkRtl = paidStory.darkRtl

const brokeStory = modes<Story>({
  parameters: { api: { [SEARCH]: ok(limitedNumber()), 'GET /api/v6/profile/my': ok(myProfile(null, true)) } },
  beforeEach: () => signIn({ coins: 0 }),
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const limit = await within(canvasElement).findByRole('alert')
    await userEvent.click(within(limit).getByRole('button', { name: LL.money.searchFor({ price: 2 }).trim() }))
    // Short of the price: nothing is asked; the not-enough-coins modal offers the coin packs.
    const dialog = await findDialog({ name: LL.commentMoney.notEnoughTitle() }, { timeout: 5000 })
    await expect(within(dialog).getByRole('link', { name: LL.commentMoney.topUp() })).toHaveAttribute('href', '/paywall/numcy')
    await userEvent.click(within(dialog).getByRole('button', { name: LL.commentMoney.back() }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(balance.loading).toBe(false), { timeout: 3000 })
  },
})
export const PaidSearchNotEnoughCoins = brokeStory.light
export const PaidSearchNotEnoughCoinsDark = brokeStory.dark
export const PaidSearchNotEnoughCoinsRtl = brokeStory.rtl
export const PaidSearchNotEnoughCoinsDarkRtl = brokeStory.darkRtl

const loadingStory = modes<Story>({
  parameters: { api: { [SEARCH]: PENDING } },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: heading(LL) })).toBeVisible()
    await expect(statusSaying(page, LL.app.loading())).toHaveTextContent(LL.app.loading())
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
