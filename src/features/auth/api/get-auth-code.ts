import { answerSchema, api } from '@/lib/api'
import { signParams } from '@/lib/signing'

/** GET /api/v202111/auth/get (signed): a sign-in code and the ways to confirm it. */
export async function getAuthCode(lang: string) {
  const path = '/api/v202111/auth/get'
  return (await api.get(path, signParams('GET', path, { lang, platform: 'WEB' }), answerSchema('auth', 'authGetResponse'))).data
}
