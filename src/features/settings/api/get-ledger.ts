import { answerSchema, api } from '@/lib/api'

/** GET /api/v6/numcy/ledger: the user's coin changes, newest first, one page. */
export async function getLedger(offset: number, limit: number) {
  return (await api.get('/api/v6/numcy/ledger', { offset, limit }, answerSchema('privacy', 'ledgerResponse'))).data
}
