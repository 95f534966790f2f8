import { answerSchema, api } from '@/lib/api'

/** GET /api/v6/payment/dev/{id}: a development payment of the viewer's, for its checkout page. */
export async function getDevPayment(id: number) {
  return (await api.get(`/api/v6/payment/dev/${id}`, undefined, answerSchema('payments', 'devPaymentResponse'))).data
}
