import { answerSchema, api } from '@/lib/api'

/** POST /api/v11/comment/like: adds or removes a like or dislike on a comment or a reply. */
export async function likeComment(
  target: { comment_id?: number; thread_id?: number },
  likeType: 'LIKE' | 'DISLIKE',
  action: 'ADD' | 'REMOVE',
) {
  return (
    await api.post(
      '/api/v11/comment/like',
      { ...target, like_type: likeType, action_type: action },
      answerSchema('community', 'likeResponse'),
    )
  ).data
}
