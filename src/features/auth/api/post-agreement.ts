import { botCheck } from '@/lib/bot-check'
import { answerSchema, api } from '@/lib/api'
import { signParams } from '@/lib/signing'

/**
 * POST /api/v6/auth/agreement_code (signed): the user accepts the terms for a sign-in
 * code, with the invisible bot check's token when the server configured one.
 */
export async function postAgreement(code: string) {
  const path = '/api/v6/auth/agreement_code'
  const botToken = await botCheck().token('sign_in')
  return (
    await api.post(
      path,
      signParams('POST', path, { code, ...(botToken ? { bot_token: botToken } : {}) }),
      answerSchema('auth', 'agreementResponse'),
    )
  ).data
}
