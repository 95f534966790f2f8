import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, waitFor, within } from 'storybook/test'
import { ERROR_CODES } from '@contract/errors'
import { PaywallPage } from '@/features/paywall/components/paywall-page'
import { formatDate } from '@/lib/format'
import { fail, ok, PENDING } from '../../support/api'
import { withAppShell } from '../../support/decorators'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { storyLocale, translations } from '../../support/i18n'
import { catalogue, PERIOD_END, subscription } from './fixtures'

const PRODUCTS = 'GET /api/v6/payment/products'
const SUBSCRIPTION = 'GET /api/v6/subscription/get'
const BALANCE = 'GET /api/v6/numcy/balance'

/**
 * The payment pages (DESIGN.md section 8): the plans a tab each (`?tab=tier1|tier2`) or the
 * coin packs, what each gives and costs, the plan in force with its dates and the balance.
 */
const meta = {
  title: 'Pages/Paywall',
  component: PaywallPage,
  decorators: [withAppShell],
  args: { kind: 'tiers', tab: 'tier1', onTabChange: fn() },
  parameters: {
    layout: 'fullscreen',
    route: '/paywall',
    api: { [PRODUCTS]: ok(catalogue()), [SUBSCRIPTION]: ok(subscription(null)), [BALANCE]: ok({ balance: 42 }) },
  },
} satisfies Meta<typeof PaywallPage>
export default meta
type Story = StoryObj<typeof meta>

const endDate = (globals: Record<string, unknown>) => formatDate(storyLocale(globals), new Date(PERIOD_END), { dateStyle: 'long' })

const freeStory = modes<Story>({
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals, args, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: LL.paywall.title() })).toBeVisible()
    const plan = within(await page.findByTestId('current-plan'))
    await expect(await plan.findByText(LL.paywall.freePlan({ count: 30 }))).toBeVisible()
    await waitFor(() => expect(plan.getByRole('status')).toHaveTextContent(LL.paywall.balance({ balance: 42 })))
    // The plans, one tab each; Premium is open.
    const tabs = await page.findByRole('tablist', { name: LL.paywall.plans() })
    await expect(within(tabs).getByRole('tab', { name: LL.paywall.tier1() })).toHaveAttribute('aria-selected', 'true')
    const benefits = page.getByRole('list', { name: LL.paywall.benefitsOf({ plan: LL.paywall.tier1() }) })
    await expect(benefits).toHaveTextContent(LL.paywall.benefitSearches({ count: 300, free: 30 }))
    await expect(benefits).toHaveTextContent(LL.paywall.benefitNoBanners())
    const monthly = page.getByRole('region', { name: LL.paywall.monthly() })
    await expect(monthly).toHaveTextContent(LL.paywall.perMonth({ price: '$4.99' }))
    await expect(within(monthly).getByRole('button', { name: LL.paywall.buyFor({ price: '$4.99' }) })).toBeEnabled()
    await expect(within(monthly).getByRole('button', { name: LL.paywall.devPayLabel({ price: '$4.99' }) })).toBeEnabled()
    await expect(page.getByRole('region', { name: LL.paywall.yearly() })).toHaveTextContent(LL.paywall.perYear({ price: '$39.99' }))
    await expect(page.getByRole('button', { name: LL.paywall.giftOpen() })).toHaveAttribute('aria-expanded', 'false')
    // The tab is kept in the address: choosing one asks the route to navigate.
    await userEvent.click(within(tabs).getByRole('tab', { name: LL.paywall.tier2() }))
    await expect(args.onTabChange).toHaveBeenCalledWith('tier2')
  },
})
export const FreeUser = freeStory.light
export const FreeUserDark = freeStory.dark
export const FreeUserRtl = freeStory.rtl
export const FreeUserDarkRtl = freeStory.darkRtl

const tier1Story = modes<Story>({
  parameters: {
    api: {
      [SUBSCRIPTION]: ok(subscription({ tier: 'tier1', period: 'month' }, true)),
      'POST /api/v6/subscription/cancel': ok(
        subscription({ tier: 'tier1', period: 'month', status: 'canceled', autoRenewing: false, nextCronScheduledAt: null }, true),
      ),
    },
  },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const plan = within(await within(canvasElement).findByTestId('current-plan'))
    await expect(await plan.findByText(LL.paywall.planOf({ plan: LL.paywall.tier1(), period: LL.paywall.monthly() }))).toBeVisible()
    await expect(plan.getByTestId('plan-status')).toHaveTextContent(LL.paywall.renewsOn({ date: endDate(globals) }))
    await expect(plan.getByRole('link', { name: LL.paywall.portal() })).toHaveAttribute(
      'href',
      'https://billing.example.com/p/session_story',
    )
    // Cancelling stops the renewal; the plan holds until the end of the period.
    await userEvent.click(plan.getByRole('button', { name: LL.paywall.cancel() }))
    await waitFor(() => expect(plan.getByTestId('plan-status')).toHaveTextContent(LL.paywall.endsOn({ date: endDate(globals) })))
    await expect(plan.getByRole('button', { name: LL.paywall.resume() })).toBeVisible()
  },
})
export const Tier1 = tier1Story.light
export const Tier1Dark = tier1Story.dark
export const Tier1Rtl = tier1Story.rtl
export const Tier1DarkRtl = tier1Story.darkRtl

const tier2Story = modes<Story>({
  args: { tab: 'tier2' },
  parameters: { route: '/paywall?tab=tier2', api: { [SUBSCRIPTION]: ok(subscription({ tier: 'tier2', period: 'year' })) } },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    const plan = within(await page.findByTestId('current-plan'))
    await expect(await plan.findByText(LL.paywall.planOf({ plan: LL.paywall.tier2(), period: LL.paywall.yearly() }))).toBeVisible()
    await expect(plan.queryByRole('link', { name: LL.paywall.portal() })).toBeNull()
    const tabs = await page.findByRole('tablist', { name: LL.paywall.plans() })
    await expect(within(tabs).getByRole('tab', { name: LL.paywall.tier2() })).toHaveAttribute('aria-selected', 'true')
    const benefits = page.getByRole('list', { name: LL.paywall.benefitsOf({ plan: LL.paywall.tier2() }) })
    await expect(benefits).toHaveTextContent(LL.paywall.benefitEverything())
    await expect(benefits).toHaveTextContent(LL.paywall.benefitLookups())
    await expect(benefits).toHaveTextContent(LL.paywall.benefitCoins({ count: 100 }))
    await expect(page.getByRole('region', { name: LL.paywall.monthly() })).toHaveTextContent(LL.paywall.perMonth({ price: '$9.99' }))
  },
})
export const Tier2 = tier2Story.light
export const Tier2Dark = tier2Story.dark
export const Tier2Rtl = tier2Story.rtl
export const Tier2DarkRtl = tier2Story.darkRtl

const canceledStory = modes<Story>({
  parameters: {
    api: {
      [SUBSCRIPTION]: ok(subscription({ status: 'canceled', autoRenewing: false, nextCronScheduledAt: null })),
      'POST /api/v6/subscription/resume': ok(subscription({})),
    },
  },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const plan = within(await within(canvasElement).findByTestId('current-plan'))
    await expect(await plan.findByTestId('plan-status')).toHaveTextContent(LL.paywall.endsOn({ date: endDate(globals) }))
    await expect(plan.queryByRole('button', { name: LL.paywall.cancel() })).toBeNull()
    await userEvent.click(plan.getByRole('button', { name: LL.paywall.resume() }))
    await waitFor(() => expect(plan.getByTestId('plan-status')).toHaveTextContent(LL.paywall.renewsOn({ date: endDate(globals) })))
  },
})
export const Canceled = canceledStory.light
export const CanceledDark = canceledStory.dark
export const CanceledRtl = canceledStory.rtl
export const CanceledDarkRtl = canceledStory.darkRtl

const coinsStory = modes<Story>({
  args: { kind: 'numcy' },
  parameters: { route: '/paywall/numcy' },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: LL.paywall.numcyTitle() })).toBeVisible()
    await expect(page.getByText(LL.paywall.numcyIntro())).toBeVisible()
    const pack = await page.findByRole('region', { name: LL.paywall.packCoins({ count: 550 }) })
    await expect(pack).toHaveTextContent('$8.99')
    await expect(within(pack).getByRole('button', { name: LL.paywall.buyFor({ price: '$8.99' }) })).toBeEnabled()
    await expect(page.getAllByRole('button', { name: new RegExp(`^${LL.paywall.buyFor({ price: '' }).trim()}`) })).toHaveLength(3)
    await waitFor(() => expect(page.getByTestId('paywall-balance')).toHaveTextContent(LL.paywall.balance({ balance: 42 })))
    await expect(page.getByRole('link', { name: LL.paywall.toPlans() })).toBeVisible()
  },
})
export const Coins = coinsStory.light
export const CoinsDark = coinsStory.dark
export const CoinsRtl = coinsStory.rtl
export const CoinsDarkRtl = coinsStory.darkRtl

const signedOutStory = modes<Story>({
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: LL.paywall.title() })).toBeVisible()
    await expect(page.getByText(LL.paywall.signInToBuy())).toBeVisible()
    // Prices show to everyone; buying needs a session.
    await expect(await page.findByText(LL.paywall.perMonth({ price: '$4.99' }))).toBeVisible()
    await expect(page.queryByRole('button', { name: LL.paywall.buyFor({ price: '$4.99' }) })).toBeNull()
    await expect(page.queryByTestId('current-plan')).toBeNull()
  },
})
export const SignedOut = signedOutStory.light
export const SignedOutDark = signedOutStory.dark
export const SignedOutRtl = signedOutStory.rtl
export const SignedOutDarkRtl = signedOutStory.darkRtl

const loadingStory = modes<Story>({
  parameters: { api: { [PRODUCTS]: PENDING, [SUBSCRIPTION]: PENDING } },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: LL.paywall.title() })).toBeVisible()
    await expect(page.getAllByRole('status').some((s) => s.textContent?.includes(LL.app.loading()))).toBe(true)
    await expect(page.queryByRole('tablist')).toBeNull()
  },
})
export const Loading = loadingStory.light
export const LoadingDark = loadingStory.dark
export const LoadingRtl = loadingStory.rtl
export const LoadingDarkRtl = loadingStory.darkRtl

const errorStory = modes<Story>({
  parameters: { api: { [PRODUCTS]: fail(500) } },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    const alert = await page.findByRole('alert')
    await expect(alert).toHaveTextContent(LL.app.genericError())
    await expect(within(alert).getByRole('button', { name: LL.app.retry() })).toBeVisible()
  },
})
export const LoadError = errorStory.light
export const LoadErrorDark = errorStory.dark
export const LoadErrorRtl = errorStory.rtl
export const LoadErrorDarkRtl = errorStory.darkRtl

const notConfiguredStory = modes<Story>({
  parameters: { api: { [PRODUCTS]: ok(catalogue([])) } },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(await page.findByRole('note')).toHaveTextContent(LL.paywall.notConfigured())
    // What the plans give still shows; nothing can be bought.
    await expect(page.getByRole('list', { name: LL.paywall.benefitsOf({ plan: LL.paywall.tier1() }) })).toBeVisible()
    await expect(page.queryByRole('button', { name: LL.paywall.buyFor({ price: '$4.99' }) })).toBeNull()
    await expect(page.queryByRole('button', { name: LL.paywall.giftOpen() })).toBeNull()
  },
})
export const NotConfigured = notConfiguredStory.light
export const NotConfiguredDark = notConfiguredStory.dark
export const NotConfiguredRtl = notConfiguredStory.rtl
export const NotConfiguredDarkRtl = notConfiguredStory.darkRtl

const REFUSED = 'A gift is for another number; buy the plan for yourself without gift_number'
const giftStory = modes<Story>({
  parameters: { api: { 'POST /api/v6/payment/checkout': fail(400, ERROR_CODES.VALIDATION, REFUSED) } },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: LL.paywall.giftOpen() }))
    const form = page.getByRole('form', { name: LL.paywall.giftTitle({ plan: LL.paywall.tier1() }) })
    const number = within(form).getByRole('textbox', { name: LL.paywall.giftNumber() })
    // Not a phone number: said at once, nothing is sent.
    await userEvent.type(number, '12')
    await userEvent.click(within(form).getByRole('button', { name: LL.paywall.giftSubmit({ price: '$4.99' }) }))
    await expect(within(form).getByRole('alert')).toHaveTextContent(LL.paywall.giftInvalid())
    await expect(number).toHaveAttribute('aria-invalid', 'true')
    // A valid number, a year: the server's refusal shows by its code, in the reader's language (issue 33).
    await userEvent.clear(number)
    await userEvent.type(number, '+49 30 12345678')
    await userEvent.click(within(form).getByRole('radio', { name: new RegExp(LL.paywall.yearly()) }))
    await userEvent.click(within(form).getByRole('button', { name: LL.paywall.giftSubmit({ price: '$39.99' }) }))
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(LL.apiError.code.VALIDATION()))
  },
})
export const GiftRefused = giftStory.light
export const GiftRefusedDark = giftStory.dark
export const GiftRefusedRtl = giftStory.rtl
export const GiftRefusedDarkRtl = giftStory.darkRtl

const returningStory = modes<Story>({
  args: { sessionId: 'cs_test_story' },
  parameters: { api: { [SUBSCRIPTION]: ok(subscription({ tier: 'tier1', period: 'month' }, true)) } },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    // Back from Stripe: thanked at once, the plan and balance fetched again 5 s later.
    await expect(page.getByTestId('checkout-return')).toHaveTextContent(LL.paywall.returning())
    await expect(await page.findByText(LL.paywall.planOf({ plan: LL.paywall.tier1(), period: LL.paywall.monthly() }))).toBeVisible()
  },
})
export const BackFromCheckout = returningStory.light
export const BackFromCheckoutDark = returningStory.dark
export const BackFromCheckoutRtl = returningStory.rtl
export const BackFromCheckoutDarkRtl = returningStory.darkRtl
