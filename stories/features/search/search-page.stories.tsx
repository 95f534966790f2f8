import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { SearchPage } from '@/features/search/components/search-page'
import { auth } from '@/stores/auth'
import { phone } from '@/lib/phone'
import { fail, ok } from '../../support/api'
import { withAppShell } from '../../support/decorators'
import { HISTORY, MAIN_DATA } from '../../support/fixtures'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { storyLocale, translations } from '../../support/i18n'
import { myProfile } from '../paywall/fixtures'

const meta = {
  title: 'Pages/Search',
  component: SearchPage,
  decorators: [withAppShell],
  parameters: { layout: 'fullscreen', route: '/search' },
} satisfies Meta<typeof SearchPage>
export default meta
type Story = StoryObj<typeof meta>

/** An index as the page formats it in the story's language. */
const formatIndex = (globals: Record<string, unknown>, n: number) =>
  new Intl.NumberFormat(storyLocale(globals), { maximumFractionDigits: 1, numberingSystem: 'latn' }).format(n)

const signedOutStory = modes<Story>({
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: LL.search.heroTitle() })).toBeVisible()
    const search = page.getByRole('search')
    await expect(within(search).getByRole('textbox', { name: LL.search.label() })).toHaveAttribute('dir', 'ltr')
    await expect(within(search).getByRole('button', { name: LL.search.submit() })).toBeVisible()
    await expect(page.getByText(LL.search.signInToSearch())).toBeVisible()
    await expect(page.queryByRole('heading', { name: LL.search.history() })).toBeNull()
  },
})
export const SignedOut = signedOutStory.light
export const SignedOutDark = signedOutStory.dark
export const SignedOutRtl = signedOutStory.rtl
export const SignedOutDarkRtl = signedOutStory.darkRtl

const historyStory = modes<Story>({
  parameters: {
    api: {
      'GET /api/v202305/main/load': ok(MAIN_DATA),
      'GET /api/v6/history/list': ok({ items: HISTORY, total: HISTORY.length }),
    },
  },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    const history = await page.findByRole('list', { name: LL.search.history() })
    const rows = within(history).getAllByRole('listitem')
    await expect(rows).toHaveLength(HISTORY.length)
    await expect(within(rows[0]).getByRole('link')).toHaveTextContent(phone.formatInternational(HISTORY[0].phoneNumber))
    await expect(page.getByRole('button', { name: LL.search.clearHistory() })).toBeVisible()
    // Four searches left today: the box warns.
    await expect(await page.findByText(LL.search.remaining({ count: MAIN_DATA.leftRequests }))).toBeVisible()
    await expect(page.getByRole('heading', { name: LL.search.featured() })).toBeVisible()
    // Featured numbers with their best-known name (or "Unknown") and reputation index.
    const featured = within(page.getByRole('list', { name: LL.search.featured() })).getAllByTestId('featured-number')
    await expect(featured).toHaveLength(MAIN_DATA.featuredNumbers.length)
    const [named, unnamed] = featured.map((f) => within(f))
    await expect(named.getByRole('link')).toHaveTextContent(phone.formatInternational(MAIN_DATA.featuredNumbers[0].phoneNumber))
    await expect(named.getByTestId('featured-name')).toHaveTextContent('Prize Department')
    await expect(named.getByTestId('featured-index')).toHaveTextContent(LL.number.indexOutOf({ index: formatIndex(globals, 1.4) }))
    await expect(unnamed.getByTestId('featured-name')).toHaveTextContent(LL.number.unknown())
    await expect(unnamed.getByTestId('featured-index')).toHaveTextContent(LL.number.indexOutOf({ index: formatIndex(globals, 2.1) }))
  },
})
export const SignedInWithHistory = historyStory.light
export const SignedInWithHistoryDark = historyStory.dark
export const SignedInWithHistoryRtl = historyStory.rtl
export const SignedInWithHistoryDarkRtl = historyStory.darkRtl

const emptyStory = modes<Story>({
  parameters: {
    api: {
      'GET /api/v202305/main/load': ok({ ...MAIN_DATA, featuredNumbers: [], leftRequests: 30 }),
      'GET /api/v6/history/list': ok({ items: [], total: 0 }),
    },
  },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(await page.findByText(LL.search.historyEmpty())).toBeVisible()
    await expect(page.queryByRole('button', { name: LL.search.clearHistory() })).toBeNull()
    await expect(page.queryByText(LL.search.remaining({ count: 30 }))).toBeNull()
  },
})
export const SignedInEmptyHistory = emptyStory.light
export const SignedInEmptyHistoryDark = emptyStory.dark
export const SignedInEmptyHistoryRtl = emptyStory.rtl
export const SignedInEmptyHistoryDarkRtl = emptyStory.darkRtl

let historyCalls = 0
const errorStory = modes<Story>({
  parameters: {
    api: {
      'GET /api/v202305/main/load': fail(500),
      // The first load fails; the retry the user asks for succeeds.
      'GET /api/v6/history/list': () => (historyCalls++ === 0 ? fail(500) : ok({ items: [], total: 0 })),
    },
  },
  beforeEach: () => {
    historyCalls = 0
    signIn()
  },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    // A failed history load says so and offers a retry, instead of looking like an empty history.
    await expect(await page.findByText(LL.app.genericError())).toBeVisible()
    expect(page.queryByText(LL.search.historyEmpty())).toBeNull()
    await expect(page.getByRole('textbox', { name: LL.search.label() })).toBeEnabled()
    await userEvent.click(page.getByRole('button', { name: LL.app.retry() }))
    await expect(await page.findByText(LL.search.historyEmpty())).toBeVisible()
  },
})
export const SignedInLoadFailed = errorStory.light
export const SignedInLoadFailedDark = errorStory.dark
export const SignedInLoadFailedRtl = errorStory.rtl
export const SignedInLoadFailedDarkRtl = errorStory.darkRtl

const paidStory = modes<Story>({
  parameters: {
    api: {
      'GET /api/v202305/main/load': ok({ ...MAIN_DATA, overlimitSearch: true, searchDailyLimit: 300, leftRequests: 250 }),
      'GET /api/v6/history/list': ok({ items: [], total: 0 }),
      'GET /api/v6/profile/my': ok(myProfile('tier1', true)),
    },
  },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    // Premium's limit, and paid searches allowed in the settings: the paid-search switch shows.
    await expect(await page.findByTestId('plan-line')).toHaveTextContent(LL.money.planLine({ plan: LL.paywall.tier1(), count: 300 }))
    const paid = await page.findByRole('switch', { name: LL.money.paidSearch() })
    await expect(paid).toHaveAccessibleDescription(LL.money.paidSearchText({ price: 1 }))
    await expect(paid).toHaveAttribute('aria-checked', 'false')
    // On, every search carries paidSearch=1 (the search call reads the store).
    await userEvent.click(paid)
    await expect(paid).toHaveAttribute('aria-checked', 'true')
    await expect(auth.paidSearch).toBe(true)
  },
})
export const SignedInPaidSearch = paidStory.light
export const SignedInPaidSearchDark = paidStory.dark
export const SignedInPaidSearchRtl = paidStory.rtl
export const SignedInPaidSearchDarkRtl = paidStory.darkRtl
