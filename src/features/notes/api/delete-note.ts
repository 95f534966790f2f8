import { statusOnly } from '@contract/api/envelope'
import { api } from '@/lib/api'

/** POST /api/v6/notice/delete: deletes the viewer's private note on a number. */
export async function deleteNote(phone: string) {
  await api.post('/api/v6/notice/delete', { phone }, statusOnly)
}
