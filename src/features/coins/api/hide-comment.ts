import { withActionKey } from '@/lib/action-key'
import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/numcy/subscription/comment/add: hides a review on the viewer's own number for a month (10 coins, renewing). */
export async function hideComment(commentId: number) {
  return withActionKey(
    `hide:${commentId}`,
    async (idempotencyKey) =>
      (
        await api.post(
          '/api/v6/numcy/subscription/comment/add',
          { comment_id: commentId },
          answerSchema('community', 'commentSubscriptionResponse'),
          { idempotencyKey },
        )
      ).data,
  )
}
