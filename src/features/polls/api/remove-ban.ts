import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/ban/remove: the viewer lifts their block of the number. */
export async function removeBan(phone: string) {
  return (await api.post('/api/v6/ban/remove', { phone }, answerSchema('numbers', 'reputationStateResponse'))).data
}
