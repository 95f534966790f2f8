import { ERROR_CODES } from '@contract/errors'
import { contactsUploadResponse } from '@contract/api/numbers'
import { ApiError } from '@/lib/api'
import { onSignedOut } from '@/lib/signed-out'
import { auth, signedOut } from '@/stores/auth'

/** The server's per-file limit (server/app.ts, multipart `fileSize`). */
export const UPLOAD_MAX_MB = 5

/**
 * POST /api/v6/contacts/upload: the viewer's own contact book (vCard or CSV) as the
 * multipart field `file`; replaces their previous upload and answers what was read.
 * Multipart, so not through `api.post` (which sends form-urlencoded text).
 */
export async function uploadContacts(file: Blob, fileName: string) {
  const form = new FormData()
  form.append('file', file, fileName)
  const headers: Record<string, string> = { accept: 'application/json' }
  const token = auth.accessToken
  if (token) headers.authorization = `Bearer ${token}`
  let res: Response
  try {
    res = await fetch('/api/v6/contacts/upload', { method: 'POST', headers, body: form })
  } catch {
    throw new ApiError(0, 0, 'network')
  }
  const json = await res.json().catch(() => null)
  if (!res.ok) {
    // As api.ts: a refused session or a client too old signs out (SPEC.md section 8).
    const sessionRefused = res.status === 403 && (json?.status_code === ERROR_CODES.SESSION_INVALID || json?.status_code === undefined)
    if (token && (sessionRefused || res.status === 426)) {
      signedOut()
      onSignedOut()
    }
    throw new ApiError(res.status, json?.status_code ?? 0, json?.message ?? res.statusText)
  }
  return contactsUploadResponse.parse(json).data
}
