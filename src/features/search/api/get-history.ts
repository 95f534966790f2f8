import { answerSchema, api } from '@/lib/api'

/** How many of the latest searches the search page lists. */
export const HISTORY_PAGE = 10

/** GET /api/v6/history/list: the viewer's latest searches, newest first. */
export async function getHistory(limit = HISTORY_PAGE) {
  return (await api.get('/api/v6/history/list', { limit, offset: 0, order_by: 'new' }, answerSchema('account', 'historyListResponse'))).data
}
