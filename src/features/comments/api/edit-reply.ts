import { answerSchema, api } from '@/lib/api'

/** POST /api/v13/comment/thread/edit: changes the text of the viewer's own reply. */
export async function editReply(threadId: number, text: string) {
  await api.post('/api/v13/comment/thread/edit', { thread_id: threadId, text }, answerSchema('community', 'okStatus'))
}
