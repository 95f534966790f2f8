import { useId, useState, type FormEvent } from 'react'
import { useSWRConfig } from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { MyProfile } from '@contract/api/account'
import { LIMITS } from '@contract/constants'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { failureText } from '@/lib/failure-text'
import { isNumberPageKey } from '@/lib/page-keys'
import { isMyProfileKey, useMyProfile } from '@/lib/use-my-profile'
import { setProfileName } from '../api/set-profile-name'

/** Your own name (DESIGN.md section 9), shown as `profile` on your number's page; saved, then the own profile is read again. */
export function OwnNameForm() {
  const { LL } = useI18nContext()
  const me = useMyProfile()
  return (
    <Card className="flex flex-col gap-3" data-testid="own-name">
      <CardTitle>{LL.settings.nameTitle()}</CardTitle>
      <p className="text-sm text-muted">{LL.settings.nameIntro()}</p>
      {me.data ? <NameFields key={me.data.profileId} profile={me.data} /> : <Spinner label={LL.app.loading()} className="self-start" />}
    </Card>
  )
}

function NameFields({ profile }: { profile: MyProfile }) {
  const { LL } = useI18nContext()
  const id = useId()
  const { mutate } = useSWRConfig()
  const [firstName, setFirstName] = useState(profile.firstName ?? '')
  const [lastName, setLastName] = useState(profile.lastName ?? '')
  const save = useSWRMutation(
    ['profile-name', profile.profileId],
    (_key, { arg }: { arg: { firstName: string; lastName: string } }) => setProfileName(arg),
    {
      throwOnError: false,
      onSuccess: (saved) => {
        // The own profile (shown at once, then read again) and the own number's page show the name.
        void mutate(isMyProfileKey, (current?: MyProfile) => current && { ...current, ...saved })
        void mutate(isNumberPageKey)
      },
    },
  )
  const pending = save.isMutating
  const unchanged = firstName.trim() === (profile.firstName ?? '') && lastName.trim() === (profile.lastName ?? '')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!pending) void save.trigger({ firstName: firstName.trim(), lastName: lastName.trim() })
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <div className="grid gap-3 wide:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-first`} className="text-sm font-medium">
            {LL.settings.firstName()}
          </label>
          <Input
            id={`${id}-first`}
            autoComplete="given-name"
            maxLength={LIMITS.nameMaxLength}
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-last`} className="text-sm font-medium">
            {LL.settings.lastName()}
          </label>
          <Input
            id={`${id}-last`}
            autoComplete="family-name"
            maxLength={LIMITS.nameMaxLength}
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending || unchanged} aria-busy={pending || undefined}>
          {pending ? LL.settings.nameSaving() : LL.settings.nameSave()}
        </Button>
        <p role="status" className="text-sm text-success">
          {save.data && !pending && unchanged ? LL.settings.nameSaved() : ''}
        </p>
      </div>
      {save.error && !pending && (
        <p role="alert" className="text-sm text-danger">
          {failureText(save.error, LL.settings.nameFailed())}
        </p>
      )}
    </form>
  )
}
