import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/comment/pin: pins a comment on the viewer's own number (unpinning the others), or unpins it. */
export async function pinComment(commentId: number, pin: boolean) {
  return (
    await api.post('/api/v6/comment/pin', { comment_id: commentId, pin: pin ? 1 : 0 }, answerSchema('community', 'commentPinResponse'))
  ).data
}
