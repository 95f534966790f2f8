import { withActionKey } from '@/lib/action-key'
import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/fof/request: ask the contacts who know the number for an introduction (priceDirectly coins, once). */
export async function requestIntroduction(phone: string) {
  return withActionKey(
    `fof:${phone}`,
    async (idempotencyKey) =>
      (await api.post('/api/v6/fof/request', { phone }, answerSchema('numbers', 'fofRequestResponse'), { idempotencyKey })).data,
  )
}
