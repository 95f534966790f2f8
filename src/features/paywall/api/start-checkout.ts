import type { CheckoutProvider, Product } from '@contract/api/payments'
import { withActionKey } from '@/lib/action-key'
import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/payment/checkout: the page to open in the top window (Stripe Checkout or the development payment page). */
export async function startCheckout(args: { product: Product; giftNumber?: string; provider?: CheckoutProvider }) {
  const form = { product: args.product, gift_number: args.giftNumber, provider: args.provider }
  const scope = `checkout:${args.product}:${args.giftNumber ?? ''}:${args.provider ?? ''}`
  return withActionKey(
    scope,
    async (idempotencyKey) =>
      (await api.post('/api/v6/payment/checkout', form, answerSchema('payments', 'checkoutResponse'), { idempotencyKey })).data,
  )
}
