import { answerSchema, api } from '@/lib/api'

export type QueueStatus = 'open' | 'closed'
export type QueueKind = 'all' | 'report' | 'complaint'

/** GET /api/v6/moderation/queue: one page of reports and complaints, open or closed (moderators only). */
export async function getModerationQueue(status: QueueStatus, offset: number, limit: number, kind: QueueKind = 'all') {
  return (await api.get('/api/v6/moderation/queue', { kind, status, offset, limit }, answerSchema('community', 'moderationQueueResponse')))
    .data
}
