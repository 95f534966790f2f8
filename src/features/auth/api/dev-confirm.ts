import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/auth/dev/confirm: development sign-in, confirms a code for a typed number. */
export async function devConfirm(code: string, phone: string) {
  return (await api.post('/api/v6/auth/dev/confirm', { code, phone }, answerSchema('auth', 'devConfirmResponse'))).data
}
