import { searchResponse } from '@contract/api/number-profile'
import { api } from '@/lib/api'
import { auth } from '@/stores/auth'

/** GET /api/v202505/search/{digits}: a number's page; a search, counted against the daily limit. */
export async function getNumber(digits: string, locale: string) {
  const params = { locale, paidSearch: auth.paidSearch ? 1 : 0, source: 'WEB' }
  return (await api.get(`/api/v202505/search/${encodeURIComponent(digits)}`, params, searchResponse)).data
}
