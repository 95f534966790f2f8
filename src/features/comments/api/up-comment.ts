import { withActionKey } from '@/lib/action-key'
import { answerSchema, api } from '@/lib/api'

/** Coins one comment-up spends (the server's default `comment_up_count`). */
export const COMMENT_UP_COST = 1

/** POST /api/v11/comment/like with COMMENT_UP: spends coins to move a comment (or a reply) up; answers 402 when the balance is short. */
export async function upComment(target: { comment_id?: number; thread_id?: number }, cost = COMMENT_UP_COST) {
  const scope = `comment-up:${target.comment_id ?? `reply-${target.thread_id}`}`
  const form = { ...target, like_type: 'COMMENT_UP', action_type: 'ADD', comment_up_count: cost }
  return withActionKey(
    scope,
    async (idempotencyKey) =>
      (await api.post('/api/v11/comment/like', form, answerSchema('community', 'likeResponse'), { idempotencyKey })).data,
  )
}
