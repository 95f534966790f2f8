import { answerSchema, api } from './api'

/** GET /api/v6/numcy/balance: the viewer's coin balance. */
export async function getBalance(): Promise<number> {
  return (await api.get('/api/v6/numcy/balance', undefined, answerSchema('account', 'balanceResponse'))).data.balance
}
