import { answerSchema, api } from '@/lib/api'

/** GET /api/v6/notifications/settings: which kinds of notification the user gets, and whether silently. */
export async function getNotificationSettings() {
  return (await api.get('/api/v6/notifications/settings', undefined, answerSchema('privacy', 'notificationSettingsResponse'))).data
}
