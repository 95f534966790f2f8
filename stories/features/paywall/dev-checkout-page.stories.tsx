import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { ERROR_CODES } from '@contract/errors'
import { DevCheckoutPage } from '@/features/paywall/components/dev-checkout-page'
import { phone } from '@/lib/phone'
import { fail, ok } from '../../support/api'
import { withAppShell } from '../../support/decorators'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'
import { catalogue } from './fixtures'

const PAYMENT = 'GET /api/v6/payment/dev/*'
const PAY = 'POST /api/v6/payment/dev/pay'
const [pack100] = catalogue(['dev']).products
const tier2Year = catalogue(['dev']).products.find((p) => p.id === 'tier2_year')!
const GIFT = '+493012345678'

/** The development provider's checkout page: clearly no real money, what is bought, Pay. */
const meta = {
  title: 'Pages/Development checkout',
  component: DevCheckoutPage,
  decorators: [withAppShell],
  args: { id: 7 },
  parameters: {
    layout: 'fullscreen',
    route: '/payment/dev/7',
    api: { [PAYMENT]: ok({ id: 7, product: pack100, status: 'pending', giftNumber: null }) },
  },
} satisfies Meta<typeof DevCheckoutPage>
export default meta
type Story = StoryObj<typeof meta>

let paid: number[] = []

const packStory = modes<Story>({
  parameters: {
    api: {
      [PAY]: (_url: URL, init?: RequestInit) => {
        paid.push(Number(new URLSearchParams(String(init?.body)).get('id')))
        return ok({ status: 'paid', returnUrl: '/paywall/numcy' })
      },
    },
  },
  beforeEach: () => {
    paid = []
    signIn()
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: LL.paywall.devTitle() })).toBeVisible()
    await expect(page.getByRole('note')).toHaveTextContent(LL.paywall.devWarning())
    const checkout = within(await page.findByTestId('dev-checkout'))
    await expect(checkout.getByText(LL.paywall.packCoins({ count: 100 }))).toBeVisible()
    await expect(checkout.getByText('$1.99')).toBeVisible()
    await userEvent.click(checkout.getByRole('button', { name: LL.paywall.devPay({ price: '$1.99' }) }))
    await waitFor(() => expect(paid).toEqual([7]))
  },
})
export const Pack = packStory.light
export const PackDark = packStory.dark
export const PackRtl = packStory.rtl
export const PackDarkRtl = packStory.darkRtl

const giftStory = modes<Story>({
  parameters: { api: { [PAYMENT]: ok({ id: 7, product: tier2Year, status: 'pending', giftNumber: GIFT }) } },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const checkout = within(await within(canvasElement).findByTestId('dev-checkout'))
    await expect(checkout.getByText(LL.paywall.planOf({ plan: LL.paywall.tier2(), period: LL.paywall.yearly() }))).toBeVisible()
    await expect(checkout.getByText(LL.paywall.perYear({ price: '$79.99' }))).toBeVisible()
    // The number the gift goes to reads left to right in any language.
    const number = checkout.getByText(phone.formatInternational(GIFT))
    await expect(number).toHaveAttribute('dir', 'ltr')
  },
})
export const Gift = giftStory.light
export const GiftDark = giftStory.dark
export const GiftRtl = giftStory.rtl
export const GiftDarkRtl = giftStory.darkRtl

const paidStory = modes<Story>({
  parameters: { api: { [PAYMENT]: ok({ id: 7, product: pack100, status: 'paid', giftNumber: null }) } },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const checkout = within(await within(canvasElement).findByTestId('dev-checkout'))
    await expect(checkout.getByRole('status')).toHaveTextContent(LL.paywall.devPaid())
    await expect(checkout.queryByRole('button', { name: LL.paywall.devPay({ price: '$1.99' }) })).toBeNull()
    await expect(checkout.getByRole('link', { name: LL.paywall.devBack() })).toHaveAttribute('href', '/paywall/numcy')
  },
})
export const AlreadyPaid = paidStory.light
export const AlreadyPaidDark = paidStory.dark
export const AlreadyPaidRtl = paidStory.rtl
export const AlreadyPaidDarkRtl = paidStory.darkRtl

const MISSING = 'No such development payment of yours'
const missingStory = modes<Story>({
  parameters: { api: { [PAYMENT]: fail(404, ERROR_CODES.NOT_FOUND, MISSING) } },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('note')).toHaveTextContent(LL.paywall.devWarning())
    await expect(await page.findByRole('alert')).toHaveTextContent(LL.apiError.code.NOT_FOUND())
  },
})
export const NotFound = missingStory.light
export const NotFoundDark = missingStory.dark
export const NotFoundRtl = missingStory.rtl
export const NotFoundDarkRtl = missingStory.darkRtl
