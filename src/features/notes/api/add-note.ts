import { answerSchema, api } from '@/lib/api'

/** POST /api/v7/notice/add: keeps (or replaces) the viewer's private note on a number. */
export async function addNote(phone: string, text: string) {
  return (await api.post('/api/v7/notice/add', { phone, text }, answerSchema('numbers', 'noteAddResponse'))).data
}
