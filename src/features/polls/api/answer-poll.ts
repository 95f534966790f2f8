import type { POLLS } from '@contract/api/numbers'
import { answerSchema, api } from '@/lib/api'

export type Poll = (typeof POLLS)[number]

/** POST /api/v6/poll/answer: the viewer's tags for one poll, replacing their earlier answers to that poll. */
export async function answerPoll(phone: string, poll: Poll, tagIds: number[]) {
  return (
    await api.post('/api/v6/poll/answer', { phone, poll, answers: tagIds.join(',') }, answerSchema('numbers', 'reputationStateResponse'))
  ).data
}
