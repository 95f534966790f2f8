import { threadListResponse } from '@contract/api/community'
import { api } from '@/lib/api'

/** GET /api/v13/comment/thread/list: replies to a comment, oldest first. */
export async function listReplies(commentId: number, offset = 0, limit = 100) {
  return (await api.get('/api/v13/comment/thread/list', { comment_id: commentId, offset, limit }, threadListResponse)).data
}
