import { historyListResponse, mainLoadResponse, myProfileResponse } from '@contract/api/account'
import { statusOnly } from '@contract/api/envelope'
import { searchResponse } from '@contract/api/number-profile'
import { api } from '@/lib/api'
import { auth } from '@/stores/auth'

export async function getNumber(digits: string, locale: string) {
  const params = { locale, paidSearch: auth.paidSearch ? 1 : 0, source: 'WEB' }
  return (await api.get(`/api/v202505/search/${encodeURIComponent(digits)}`, params, searchResponse)).data
}

export async function getMainData(lang: string) {
  return (await api.get('/api/v202305/main/load', { lang, platform: 'web' }, mainLoadResponse)).data
}

export async function getHistory(limit = 10) {
  return (await api.get('/api/v6/history/list', { limit, offset: 0, order_by: 'new' }, historyListResponse)).data
}

export async function clearHistory() {
  await api.post('/api/v6/history/clear', undefined, statusOnly)
}

export async function getMyProfile(locale: string) {
  return (await api.get('/api/v6/profile/my', { locale }, myProfileResponse)).data
}
