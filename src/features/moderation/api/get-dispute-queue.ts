import { answerSchema, api } from '@/lib/api'

export type DisputeQueueStatus = 'open' | 'decided'

/** GET /api/v6/moderation/disputes: one page of owners' disputes, open or decided (moderators only). */
export async function getDisputeQueue(status: DisputeQueueStatus, offset: number, limit: number) {
  return (await api.get('/api/v6/moderation/disputes', { status, offset, limit }, answerSchema('disputes', 'disputeQueueResponse'))).data
}
