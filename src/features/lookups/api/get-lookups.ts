import { answerSchema, api } from '@/lib/api'

/** GET /api/v6/spy/lookups: who looked up the viewer's number in the last 30 days (Premium Plus; `allowed` false for others). */
export async function getLookups(limit: number, offset: number) {
  return (await api.get('/api/v6/spy/lookups', { limit, offset }, answerSchema('payments', 'lookupsResponse'))).data
}
