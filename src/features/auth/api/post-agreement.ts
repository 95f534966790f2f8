import { agreementResponse } from '@contract/api/auth'
import { api } from '@/lib/api'
import { signParams } from '@/lib/signing'

/** POST /api/v6/auth/agreement_code (signed): the user accepts the terms for a sign-in code. */
export async function postAgreement(code: string) {
  const path = '/api/v6/auth/agreement_code'
  return (await api.post(path, signParams('POST', path, { code }), agreementResponse)).data
}
