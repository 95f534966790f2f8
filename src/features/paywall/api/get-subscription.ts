import { answerSchema, api } from '@/lib/api'

/** GET /api/v6/subscription/get: the plan in force (or the last one) and a Stripe customer's billing-portal link. */
export async function getSubscription() {
  return (await api.get('/api/v6/subscription/get', { platform: 'web' }, answerSchema('payments', 'subscriptionResponse'))).data
}
