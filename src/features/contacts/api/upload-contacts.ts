import { answerSchema, api } from '@/lib/api'

/** The server's per-file limit (server/app.ts, multipart `fileSize`). */
export const UPLOAD_MAX_MB = 5

/**
 * POST /api/v6/contacts/upload: the viewer's own contact book (vCard or CSV) as the
 * multipart field `file`; replaces their previous upload and answers what was read.
 */
export async function uploadContacts(file: Blob, fileName: string) {
  const form = new FormData()
  form.append('file', file, fileName)
  return (await api.post('/api/v6/contacts/upload', form, answerSchema('numbers', 'contactsUploadResponse'))).data
}
