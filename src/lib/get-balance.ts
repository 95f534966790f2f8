import { balanceResponse } from '@contract/api/account'
import { api } from './api'

/** GET /api/v6/numcy/balance: the viewer's coin balance. */
export async function getBalance(): Promise<number> {
  return (await api.get('/api/v6/numcy/balance', undefined, balanceResponse)).data.balance
}
