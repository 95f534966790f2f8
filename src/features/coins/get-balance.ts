import { balanceResponse } from '@contract/api/account'
import { api } from '@/lib/api'

export async function getBalance(): Promise<number> {
  return (await api.get('/api/v6/numcy/balance', undefined, balanceResponse)).data.balance
}
