import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/auth/key/peek: whose an unused one-time key is, without spending it. */
export async function peekKey(key: string) {
  return (await api.post('/api/v6/auth/key/peek', { key }, answerSchema('payments', 'authKeyPeekResponse'))).data
}
