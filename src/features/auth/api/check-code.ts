import { answerSchema, api } from '@/lib/api'
import { signParams } from '@/lib/signing'

/** GET /api/v6/auth/check (signed): whether a sign-in code is confirmed yet; then the session. */
export async function checkCode(code: string) {
  const path = '/api/v6/auth/check'
  return (await api.get(path, signParams('GET', path, { code, token_type: 'jwt' }), answerSchema('auth', 'checkResponse'))).data
}
