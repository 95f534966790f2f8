import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/comment/delete: deletes the viewer's comment on the number, with its replies. */
export async function deleteComment(phone: string) {
  await api.post('/api/v6/comment/delete', { phone }, answerSchema('community', 'okStatus'))
}
