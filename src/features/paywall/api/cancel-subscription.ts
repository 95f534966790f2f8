import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/subscription/cancel: the plan stops renewing and holds until the end of its paid period. */
export async function cancelSubscription() {
  return (await api.post('/api/v6/subscription/cancel', undefined, answerSchema('payments', 'cancelResumeResponse'))).data
}
