import { z } from 'zod'
import { agreementResponse, authGetResponse, checkResponse, devConfirmResponse } from '@contract/api/auth'
import { statusOnly } from '@contract/api/envelope'
import { api } from '@/lib/api'
import { signParams } from '@/lib/signing'

export async function getAuthCode(lang: string) {
  const path = '/api/v202111/auth/get'
  return (await api.get(path, signParams('GET', path, { lang, platform: 'WEB' }), authGetResponse)).data
}

export async function postAgreement(code: string) {
  const path = '/api/v6/auth/agreement_code'
  return (await api.post(path, signParams('POST', path, { code }), agreementResponse)).data
}

export async function checkCode(code: string) {
  const path = '/api/v6/auth/check'
  return (await api.get(path, signParams('GET', path, { code, token_type: 'jwt' }), checkResponse)).data
}

export async function devConfirm(code: string, phone: string) {
  return (await api.post('/api/v6/auth/dev/confirm', { code, phone }, devConfirmResponse)).data
}

export async function logout() {
  await api.post('/api/v6/auth/logout', undefined, statusOnly.or(z.unknown()))
}
