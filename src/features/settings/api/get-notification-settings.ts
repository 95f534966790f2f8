import { notificationSettingsResponse } from '@contract/api/privacy'
import { api } from '@/lib/api'

/** GET /api/v6/notifications/settings: which kinds of notification the user gets, and whether silently. */
export async function getNotificationSettings() {
  return (await api.get('/api/v6/notifications/settings', undefined, notificationSettingsResponse)).data
}
