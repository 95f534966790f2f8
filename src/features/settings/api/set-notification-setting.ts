import type { NotificationSettings } from '@contract/api/privacy'
import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/notifications/settings: turns one flag on or off; the others stay. Answers all of them. */
export async function setNotificationSetting(name: keyof NotificationSettings, on: boolean) {
  return (
    await api.post('/api/v6/notifications/settings', { [name]: on ? '1' : '0' }, answerSchema('privacy', 'notificationSettingsResponse'))
  ).data
}
