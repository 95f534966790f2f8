import { answerSchema, api } from '@/lib/api'

/** GET /api/v6/notifications/settings: which kinds are on, and whether new ones arrive without a sound. */
export async function getNotificationSettings() {
  return (await api.get('/api/v6/notifications/settings', undefined, answerSchema('privacy', 'notificationSettingsResponse'))).data
}
