import { answerSchema, api } from '@/lib/api'

/** GET /api/v6/history/list: the viewer's latest searches, newest first. */
export async function getHistory(limit = 10) {
  return (await api.get('/api/v6/history/list', { limit, offset: 0, order_by: 'new' }, answerSchema('account', 'historyListResponse'))).data
}
