import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/subscription/resume: undoes a cancellation before the paid period ends. */
export async function resumeSubscription() {
  return (await api.post('/api/v6/subscription/resume', undefined, answerSchema('payments', 'cancelResumeResponse'))).data
}
