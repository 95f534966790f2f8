import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/notice/delete: deletes the viewer's private note on a number. */
export async function deleteNote(phone: string) {
  await api.post('/api/v6/notice/delete', { phone }, answerSchema('envelope', 'statusOnly'))
}
