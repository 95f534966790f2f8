import { answerSchema, api } from '@/lib/api'

/** POST /api/v13/comment/thread/add: replies to a comment. */
export async function addReply(commentId: number, text: string) {
  return (await api.post('/api/v13/comment/thread/add', { reply_to: commentId, text }, answerSchema('community', 'threadAddResponse'))).data
}
