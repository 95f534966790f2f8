import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/numcy/subscription/comment/cancel: stops renewing a hidden review; it stays hidden until the paid month ends. */
export async function cancelHide(commentId: number) {
  return (
    await api.post(
      '/api/v6/numcy/subscription/comment/cancel',
      { comment_id: commentId },
      answerSchema('community', 'commentSubscriptionResponse'),
    )
  ).data
}
