import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/auth/logout: ends the session on the server; any answer will do. */
export async function logout() {
  await api.post('/api/v6/auth/logout', undefined, answerSchema('envelope', 'anyAnswer'))
}
