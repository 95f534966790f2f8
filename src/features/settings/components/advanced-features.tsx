import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useSWRConfig } from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { MyProfile } from '@contract/api/account'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ErrorState } from '@/components/ui/states'
import { buttonVariants } from '@/components/ui/button'
import { failureText } from '@/lib/failure-text'
import { setOverlimit } from '@/lib/set-overlimit'
import { myProfileKey, useMyProfile } from '@/lib/use-my-profile'
import { isMainDataKey } from '@/lib/page-keys'
import { CoinLedger } from './coin-ledger'
import { SettingSwitch } from './setting-switch'

/**
 * The advanced-features sub-view (DESIGN.md sections 8 and 9): whether a search past the
 * daily limit may cost coins (overlimit, saved on the server) and, once it may, the
 * paid-search switch (`paidSearch`, the search page's, composed in by the route); the plan
 * in force (`plan`, composed in by the route: it belongs to the paywall); the way to the
 * plans and coins; the coin ledger.
 */
export function AdvancedFeatures({ plan, paidSearch }: { plan?: ReactNode; paidSearch?: ReactNode }) {
  const { LL, locale } = useI18nContext()
  const me = useMyProfile()
  const { mutate } = useSWRConfig()
  const change = useSWRMutation(['overlimit', locale], (_key, { arg }: { arg: boolean }) => setOverlimit(arg), {
    throwOnError: false,
    onSuccess: (overlimit) => {
      void mutate(myProfileKey(locale), (current?: MyProfile) => current && { ...current, overlimit }, { revalidate: false })
      // The search page shows its paid-search switch by the main data's flag.
      void mutate(isMainDataKey)
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
          <>
            <SettingSwitch
              label={LL.money.overlimit()}
              text={LL.money.overlimitText()}
              checked={me.data.overlimit}
              disabled={change.isMutating}
              onChange={(on) => void change.trigger(on)}
              error={change.error && !change.isMutating ? failureText(change.error, LL.money.overlimitFailed()) : null}
            />
            {me.data.overlimit && paidSearch}
          </>
        )}
        <Link to="/paywall" className={buttonVariants({ variant: 'secondary' }) + ' self-start'}>
          {LL.money.plansLink()}
        </Link>
      </Card>
      {plan}
      <CoinLedger />
    </>
  )
}
