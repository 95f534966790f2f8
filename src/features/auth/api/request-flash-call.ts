import { answerSchema, api } from '@/lib/api'
import { signParams } from '@/lib/signing'

/**
 * POST /api/v6/auth/flashcall (signed): the number the user will call from, for a sign-in
 * code whose terms they accepted; answers the number to call.
 */
export async function requestFlashCall(code: string, phone: string) {
  const path = '/api/v6/auth/flashcall'
  return (await api.post(path, signParams('POST', path, { code, phone }), answerSchema('auth', 'flashcallResponse'))).data
}
