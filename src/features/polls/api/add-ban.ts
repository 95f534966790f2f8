import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/ban/add: the viewer blocks the number. */
export async function addBan(phone: string) {
  return (await api.post('/api/v6/ban/add', { phone }, answerSchema('numbers', 'reputationStateResponse'))).data
}
