import { LIMITS } from '@contract/constants'
import { answerSchema, api } from '@/lib/api'

/** GET /api/v13/comment/thread/list: one page of a comment's replies, oldest first (pages of 4, SPEC.md section 9). */
export async function listReplies(commentId: number, offset = 0, limit: number = LIMITS.threadPageLimit) {
  return (
    await api.get('/api/v13/comment/thread/list', { comment_id: commentId, offset, limit }, answerSchema('community', 'threadListResponse'))
  ).data
}
