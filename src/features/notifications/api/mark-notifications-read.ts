import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/notifications/read: one notification (`id`) or all of them; answers the unread count left. */
export async function markNotificationsRead(which: { id: number } | 'all') {
  const body = which === 'all' ? { all: '1' } : { id: which.id }
  return (await api.post('/api/v6/notifications/read', body, answerSchema('notifications', 'notificationReadResponse'))).data
}
