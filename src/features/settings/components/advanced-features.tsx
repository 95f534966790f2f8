import { useId, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useSWRConfig } from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { MyProfile } from '@contract/api/account'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ErrorState } from '@/components/ui/states'
import { Switch } from '@/components/ui/switch'
import { buttonVariants } from '@/components/ui/button'
import { failureText } from '@/lib/failure-text'
import { setOverlimit } from '@/lib/set-overlimit'
import { myProfileKey, useMyProfile } from '@/lib/use-my-profile'

/**
 * The advanced-features sub-view (DESIGN.md sections 8 and 9): whether a search past the
 * daily limit may cost coins (overlimit, saved on the server), the plan in force (`plan`,
 * composed in by the route: it belongs to the paywall) and the way to the plans and coins.
 */
export function AdvancedFeatures({ plan }: { plan?: ReactNode }) {
  const { LL, locale } = useI18nContext()
  const id = useId()
  const me = useMyProfile()
  const { mutate } = useSWRConfig()
  const change = useSWRMutation(['overlimit', locale], (_key, { arg }: { arg: boolean }) => setOverlimit(arg), {
    throwOnError: false,
    onSuccess: (overlimit) => {
      void mutate(myProfileKey(locale), (current?: MyProfile) => current && { ...current, overlimit }, { revalidate: false })
      // The search page shows its paid-search switch by the main data's flag.
      void mutate((key) => Array.isArray(key) && key[0] === 'main')
    },
  })
  return (
    <>
      <Card className="flex flex-col gap-4">
        <p className="text-muted">{LL.settings.paymentText()}</p>
        {me.error && !me.data ? (
          <ErrorState message={LL.app.genericError()} retryLabel={LL.app.retry()} onRetry={() => void me.mutate()} />
        ) : !me.data ? (
          <Spinner label={LL.app.loading()} className="self-start" />
        ) : (
          <div className="flex items-start justify-between gap-4 rounded-xl bg-surface-2 p-4">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-overlimit`} className="font-medium">
                {LL.money.overlimit()}
              </label>
              <p id={`${id}-overlimit-text`} className="text-sm text-muted">
                {LL.money.overlimitText()}
              </p>
            </div>
            <Switch
              id={`${id}-overlimit`}
              aria-describedby={`${id}-overlimit-text`}
              checked={me.data.overlimit}
              disabled={change.isMutating}
              onCheckedChange={(on) => void change.trigger(on)}
            />
          </div>
        )}
        {change.error && !change.isMutating && (
          <p role="alert" className="text-sm text-danger">
            {failureText(change.error, LL.money.overlimitFailed())}
          </p>
        )}
        <Link to="/paywall" className={buttonVariants({ variant: 'secondary' }) + ' self-start'}>
          {LL.money.plansLink()}
        </Link>
      </Card>
      {plan}
    </>
  )
}
