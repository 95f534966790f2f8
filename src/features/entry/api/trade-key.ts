import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/auth/key: a one-time key traded for a session token; a key works once. */
export async function tradeKey(key: string) {
  return (await api.post('/api/v6/auth/key', { key }, answerSchema('payments', 'authKeyResponse'))).data
}
