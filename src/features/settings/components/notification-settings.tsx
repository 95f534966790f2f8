import { useState } from 'react'
import useSWR from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { NotificationSettings as Flags } from '@contract/api/privacy'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ErrorState } from '@/components/ui/states'
import { failureText } from '@/lib/failure-text'
import { getNotificationSettings } from '../api/get-notification-settings'
import { setNotificationSetting } from '../api/set-notification-setting'
import { NOTIFICATION_SETTINGS_KEY } from '../keys'
import { SettingSwitch } from './setting-switch'

type Flag = keyof Flags
const ORDER: Flag[] = ['reply', 'newNotice', 'newContactName', 'commonAcquaintances', 'deliverWithoutSound']

/** Notifications (DESIGN.md section 9): each kind on or off, and whether new ones make a sound; saved on the server. */
export function NotificationSettings() {
  const { LL } = useI18nContext()
  const flags = useSWR(NOTIFICATION_SETTINGS_KEY, getNotificationSettings)
  // The switch of the last change: a failure is shown under it.
  const [tried, setTried] = useState<Flag | null>(null)
  const change = useSWRMutation(
    NOTIFICATION_SETTINGS_KEY,
    (_key, { arg }: { arg: { flag: Flag; on: boolean } }) => setNotificationSetting(arg.flag, arg.on),
    {
      throwOnError: false,
      populateCache: true,
      revalidate: false,
    },
  )
  const texts: Record<Flag, [string, string]> = {
    reply: [LL.settings.notifyReply(), LL.settings.notifyReplyText()],
    newNotice: [LL.settings.notifyNewNotice(), LL.settings.notifyNewNoticeText()],
    newContactName: [LL.settings.notifyNewContactName(), LL.settings.notifyNewContactNameText()],
    commonAcquaintances: [LL.settings.notifyCommonAcquaintances(), LL.settings.notifyCommonAcquaintancesText()],
    deliverWithoutSound: [LL.settings.deliverWithoutSound(), LL.settings.deliverWithoutSoundText()],
  }
  return (
    <Card className="flex flex-col gap-4">
      <p className="text-muted">{LL.settings.notificationsText()}</p>
      {flags.error && !flags.data ? (
        <ErrorState message={LL.app.genericError()} retryLabel={LL.app.retry()} onRetry={() => void flags.mutate()} />
      ) : !flags.data ? (
        <Spinner label={LL.app.loading()} className="self-start" />
      ) : (
        ORDER.map((flag) => (
          <SettingSwitch
            key={flag}
            label={texts[flag][0]}
            text={texts[flag][1]}
            checked={flags.data![flag]}
            disabled={change.isMutating}
            onChange={(on) => {
              setTried(flag)
              // Shown at once, put back if the server refuses.
              void change.trigger(
                { flag, on },
                { optimisticData: (current?: Flags) => ({ ...current!, [flag]: on }), rollbackOnError: true },
              )
            }}
            error={change.error && !change.isMutating && tried === flag ? failureText(change.error, LL.settings.saveFailed()) : null}
          />
        ))
      )}
    </Card>
  )
}
