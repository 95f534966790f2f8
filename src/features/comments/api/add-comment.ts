import { answerSchema, api } from '@/lib/api'

/** POST /api/v7/comment/add: adds the viewer's comment, or edits it (same id, created false). */
export async function addComment(phone: string, text: string) {
  return (await api.post('/api/v7/comment/add', { phone, text }, answerSchema('community', 'commentAddResponse'))).data
}
