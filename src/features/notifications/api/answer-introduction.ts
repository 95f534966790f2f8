import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/fof/answer: a contact asked accepts or declines an introduction request. */
export async function answerIntroduction(requestId: number, answer: 'accept' | 'decline') {
  return (await api.post('/api/v6/fof/answer', { request_id: requestId, answer }, answerSchema('notifications', 'fofAnswerResponse'))).data
}
