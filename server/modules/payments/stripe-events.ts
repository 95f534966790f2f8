import type Stripe from 'stripe'
import { z } from 'zod'
import { isPackProduct, isPlanProduct, planOf } from '../../../contract/api/payments'
import type { Db } from '../../db/client'
import type { Catalogue } from './catalogue'
import {
  applySubscriptionState,
  ensureSubscription,
  fulfilPack,
  fulfilPlanPayment,
  grantPlan,
  lockPlanOwner,
  markPaymentPaid,
  onceForEvent,
  refundPayment,
  refundSubscriptionCharge,
  type Outcome,
  type SubscriptionSnapshot,
} from './fulfilment-repository'

/** What we put in every Checkout Session (and its Subscription or PaymentIntent). */
export const checkoutMetadata = z.object({
  payment_id: z.coerce.number().int().positive(),
  user_id: z.coerce.number().int().positive(),
  product: z.string(),
  gift: z.enum(['0', '1']).default('0'),
})
export type CheckoutMetadata = z.infer<typeof checkoutMetadata>

const seconds = (s: number) => new Date(s * 1000)
const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null))

/**
 * Applies one verified Stripe event, once per event id, in the transaction that
 * records it. Events this product does not use, and events that name no payment or
 * user of ours, are recorded and answered as ignored: Stripe must not retry them.
 */
export async function handleStripeEvent(db: Db, catalogue: Catalogue, event: Stripe.Event): Promise<Outcome> {
  return onceForEvent(db, { provider: 'stripe', id: event.id }, async (tx) => {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object
        const meta = checkoutMetadata.safeParse(session.metadata ?? {})
        if (!meta.success || !(await lockPlanOwner(tx, meta.data.user_id))) return 'ignored'
        const { payment_id: paymentId, product } = meta.data
        if (session.mode === 'subscription') {
          if (!isPlanProduct(product)) return 'ignored'
          const subscriptionId = idOf(session.subscription)
          if (!subscriptionId) return 'ignored'
          await markPaymentPaid(tx, paymentId, null)
          // The plan's period comes with invoice.paid; here the subscription is linked to the user.
          await ensureSubscription(tx, {
            userId: meta.data.user_id,
            ...planOf(product),
            providerRef: subscriptionId,
            customerRef: idOf(session.customer),
          })
          return 'applied'
        }
        if (session.payment_status !== 'paid') return 'ignored' // a delayed method: async_payment_succeeded follows
        const intent = idOf(session.payment_intent)
        if (isPackProduct(product)) return fulfilPack(tx, paymentId, intent)
        if (isPlanProduct(product) && meta.data.gift === '1') return fulfilPlanPayment(tx, paymentId, intent, catalogue.coinsPerPeriod)
        return 'ignored'
      }
      case 'invoice.paid': {
        const invoice = event.data.object
        const details = invoice.parent?.subscription_details
        const subscriptionId = idOf(details?.subscription)
        const meta = checkoutMetadata.safeParse(details?.metadata ?? {})
        if (!subscriptionId || !meta.success || !isPlanProduct(meta.data.product) || !(await lockPlanOwner(tx, meta.data.user_id)))
          return 'ignored'
        const periodEnd = Math.max(0, ...invoice.lines.data.map((line) => line.period?.end ?? 0))
        if (!periodEnd) return 'ignored'
        const { tier, period } = planOf(meta.data.product)
        await grantPlan(tx, {
          userId: meta.data.user_id,
          tier,
          period,
          provider: 'stripe',
          providerRef: subscriptionId,
          customerRef: idOf(invoice.customer),
          periodEnd: seconds(periodEnd),
          autoRenewing: true,
          coins: catalogue.coinsPerPeriod(tier),
          coinsRef: `invoice:${invoice.id}`,
        })
        return 'applied'
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const sub = event.data.object
        const meta = checkoutMetadata.safeParse(sub.metadata ?? {})
        if (!meta.success || !isPlanProduct(meta.data.product) || !(await lockPlanOwner(tx, meta.data.user_id))) return 'ignored'
        await ensureSubscription(tx, {
          userId: meta.data.user_id,
          ...planOf(meta.data.product),
          providerRef: sub.id,
          customerRef: idOf(sub.customer),
        })
        // The plan follows the subscription's metadata, which an upgrade or a downgrade's next phase sets (ADR 0053).
        return applySubscriptionState(tx, { ...snapshotOf(sub, event), plan: planOf(meta.data.product) })
      }
      case 'charge.refunded': {
        const charge = event.data.object
        const intent = idOf(charge.payment_intent)
        if (!charge.amount) return 'ignored'
        const fraction = charge.amount_refunded / charge.amount
        // A pack or a gift is its own payment; otherwise the charge paid a subscription's invoice, found by its customer.
        const paid = intent
          ? await refundPayment(tx, intent, fraction, `refund:${charge.id}:${charge.amount_refunded}`, catalogue.coinsPerPeriod)
          : 'ignored'
        if (paid !== 'ignored') return paid
        const customer = idOf(charge.customer)
        return customer ? refundSubscriptionCharge(tx, customer, charge.id, fraction, catalogue.coinsPerPeriod) : 'ignored'
      }
      default:
        return 'ignored'
    }
  })
}

function snapshotOf(sub: Stripe.Subscription, event: Stripe.Event): SubscriptionSnapshot {
  const periodEnd = Math.max(0, ...sub.items.data.map((item) => item.current_period_end ?? 0))
  const base = {
    providerRef: sub.id,
    eventAt: seconds(event.created),
    autoRenewing: !sub.cancel_at_period_end,
    periodEnd: periodEnd ? seconds(periodEnd) : null,
  }
  if (event.type === 'customer.subscription.deleted' || sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    return { ...base, status: 'expired', autoRenewing: false, endedAt: seconds(sub.ended_at ?? event.created) }
  }
  if (sub.status === 'past_due' || sub.status === 'unpaid' || sub.status === 'incomplete') return { ...base, status: 'past_due' }
  // Cancelled at the period's end is still active, only not renewing: Stripe's own meaning (ADR 0053).
  return { ...base, status: 'active' }
}
