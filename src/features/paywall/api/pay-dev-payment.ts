import { withActionKey } from '@/lib/action-key'
import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/payment/dev/pay: completes a development payment; where to go back to. */
export async function payDevPayment(id: number) {
  return withActionKey(
    `dev-pay:${id}`,
    async (idempotencyKey) =>
      (await api.post('/api/v6/payment/dev/pay', { id }, answerSchema('payments', 'devPayResponse'), { idempotencyKey })).data,
  )
}
