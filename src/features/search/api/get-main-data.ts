import { answerSchema, api } from '@/lib/api'

/** GET /api/v202305/main/load: the search page's data (featured numbers, searches left). */
export async function getMainData(lang: string) {
  return (await api.get('/api/v202305/main/load', { lang, platform: 'web' }, answerSchema('account', 'mainLoadResponse'))).data
}
