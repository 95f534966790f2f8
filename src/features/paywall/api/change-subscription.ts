import type { PlanProduct } from '@contract/api/payments'
import { withActionKey } from '@/lib/action-key'
import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/subscription/change: an upgrade at once, a downgrade at the period's end, or the current plan kept (ADR 0053). */
export async function changeSubscription(product: PlanProduct) {
  return withActionKey(
    `subscription-change:${product}`,
    async (idempotencyKey) =>
      (
        await api.post('/api/v6/subscription/change', { product }, answerSchema('payments', 'subscriptionChangeResponse'), {
          idempotencyKey,
        })
      ).data,
  )
}
