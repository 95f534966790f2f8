import { fofRequestResponse } from '@contract/api/numbers'
import { api } from '@/lib/api'

/** POST /api/v6/fof/request: ask the contacts who know the number for an introduction (priceDirectly coins, once). */
export async function requestIntroduction(phone: string) {
  return (await api.post('/api/v6/fof/request', { phone }, fofRequestResponse)).data
}
