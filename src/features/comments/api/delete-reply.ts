import { answerSchema, api } from '@/lib/api'

/** POST /api/v13/comment/thread/delete: deletes the viewer's own reply. */
export async function deleteReply(threadId: number) {
  await api.post('/api/v13/comment/thread/delete', { thread_id: threadId }, answerSchema('community', 'okStatus'))
}
