import { answerSchema, api } from '@/lib/api'

/** GET /api/v6/notifications/list: the newest `limit` notifications and the unread count. */
export async function getNotifications(limit: number) {
  return (await api.get('/api/v6/notifications/list', { limit, offset: 0 }, answerSchema('notifications', 'notificationListResponse'))).data
}
