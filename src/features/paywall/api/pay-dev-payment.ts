import { devPayResponse } from '@contract/api/payments'
import { api } from '@/lib/api'

/** POST /api/v6/payment/dev/pay: completes a development payment; where to go back to. */
export async function payDevPayment(id: number) {
  return (await api.post('/api/v6/payment/dev/pay', { id }, devPayResponse)).data
}
