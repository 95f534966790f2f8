import { withActionKey } from '@/lib/action-key'
import { answerSchema, api } from '@/lib/api'
import { auth } from '@/stores/auth'

/** GET /api/v202505/search/{digits}: a number's page; a search, counted against the daily limit. */
export async function getNumber(digits: string, locale: string) {
  const params = { locale, paidSearch: auth.paidSearch ? 1 : 0, source: 'WEB' }
  const path = `/api/v202505/search/${encodeURIComponent(digits)}`
  // A paid search spends a coin: a repeat while it is on its way, or after a network error, is answered once.
  if (!params.paidSearch) return (await api.get(path, params, answerSchema('number-profile', 'searchResponse'))).data
  return withActionKey(
    `paid-search:${digits}`,
    async (idempotencyKey) => (await api.get(path, params, answerSchema('number-profile', 'searchResponse'), { idempotencyKey })).data,
  )
}
