import { useNavigate } from '@tanstack/react-router'
import { useSWRConfig } from 'swr'
import useSWRMutation from 'swr/mutation'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import type { MyProfile } from '@contract/api/account'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ErrorState } from '@/components/ui/states'
import { failureText } from '@/lib/failure-text'
import { myProfileKey, useMyProfile } from '@/lib/use-my-profile'
import { auth } from '@/stores/auth'
import { openSubView } from '@/stores/settings'
import { setAntispy } from '../api/set-antispy'
import { setProfileGoing } from '../api/set-profile-going'
import { openDeactivation } from './deactivation'
import { SettingSwitch } from './setting-switch'

type PrivacyFlag = 'antispy' | 'profileGoing'
const SAVE: Record<PrivacyFlag, (on: boolean) => Promise<boolean>> = { antispy: setAntispy, profileGoing: setProfileGoing }

/** One privacy switch, read from the own profile and saved on the server (so every device shows the same). */
function usePrivacyFlag(flag: PrivacyFlag) {
  const { locale } = useI18nContext()
  const { mutate } = useSWRConfig()
  return useSWRMutation(['privacy', flag], (_key, { arg }: { arg: boolean }) => SAVE[flag](arg), {
    throwOnError: false,
    onSuccess: (on) =>
      void mutate(myProfileKey(locale), (current?: MyProfile) => current && { ...current, [flag]: on }, { revalidate: false }),
  })
}

/**
 * Privacy management (DESIGN.md section 9): anti-spy and profile-going, each explained
 * and saved on the server; the way to delete the privacy data and to deactivate the profile.
 */
export function PrivacySettings() {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const me = useMyProfile()
  const { phoneNumber } = useSnapshot(auth)
  const antispy = usePrivacyFlag('antispy')
  const profileGoing = usePrivacyFlag('profileGoing')
  const ownNumber = me.data?.phoneNumber ?? phoneNumber
  const errorOf = (change: typeof antispy) =>
    change.error && !change.isMutating ? failureText(change.error, LL.settings.saveFailed()) : null
  return (
    <>
      <Card className="flex flex-col gap-4">
        <p className="text-muted">{LL.settings.privacyText()}</p>
        {me.error && !me.data ? (
          <ErrorState message={LL.app.genericError()} retryLabel={LL.app.retry()} onRetry={() => void me.mutate()} />
        ) : !me.data ? (
          <Spinner label={LL.app.loading()} className="self-start" />
        ) : (
          <>
            <SettingSwitch
              label={LL.settings.antispy()}
              text={LL.settings.antispyText()}
              checked={me.data.antispy}
              disabled={antispy.isMutating}
              onChange={(on) => void antispy.trigger(on)}
              error={errorOf(antispy)}
            />
            <SettingSwitch
              label={LL.settings.profileGoing()}
              text={LL.settings.profileGoingText()}
              checked={me.data.profileGoing}
              disabled={profileGoing.isMutating}
              onChange={(on) => void profileGoing.trigger(on)}
              error={errorOf(profileGoing)}
            />
          </>
        )}
      </Card>
      <Card className="flex flex-col items-start gap-3">
        <CardTitle>{LL.settings.fullDelete()}</CardTitle>
        <p className="text-muted">{LL.settings.fullDeleteText()}</p>
        <Button variant="secondary" onClick={() => openSubView('openPrivacyFullDelete')}>
          {LL.settings.fullDelete()}
        </Button>
      </Card>
      <Card className="flex flex-col items-start gap-3">
        <CardTitle>{LL.settings.deactivate()}</CardTitle>
        <p className="text-muted">{LL.settings.deactivateText()}</p>
        <Button
          variant="danger"
          disabled={!ownNumber}
          onClick={() => ownNumber && openDeactivation(LL, ownNumber, () => void navigate({ to: '/login' }))}
        >
          {LL.settings.deactivate()}
        </Button>
      </Card>
    </>
  )
}
