import useSWR from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { ActiveSubscription, SubscriptionData } from '@contract/api/payments'
import { LIMITS } from '@contract/constants'
import { Button, buttonVariants } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ErrorState } from '@/components/ui/states'
import { failureText } from '@/lib/failure-text'
import { formatDate } from '@/lib/format'
import { useBalance } from '@/lib/use-balance'
import { cancelSubscription } from '../api/cancel-subscription'
import { getSubscription } from '../api/get-subscription'
import { resumeSubscription } from '../api/resume-subscription'
import { SUBSCRIPTION_KEY } from '../keys'
import { periodName, tierName } from '../product-name'

/** The plan in force (SPEC.md section 3's Subscription): tier, status and dates, cancel or resume, the billing portal; and the balance. */
export function CurrentPlan({ freeLimit = LIMITS.searchDailyLimit }: { freeLimit?: number }) {
  const { LL } = useI18nContext()
  const subscription = useSWR(SUBSCRIPTION_KEY, getSubscription)
  const { balance, loading } = useBalance(true)
  return (
    <Card className="flex flex-col gap-3" data-testid="current-plan">
      <CardTitle>{LL.paywall.yourPlan()}</CardTitle>
      {subscription.error && !subscription.data ? (
        <ErrorState message={LL.app.genericError()} retryLabel={LL.app.retry()} onRetry={() => void subscription.mutate()} />
      ) : !subscription.data ? (
        <Spinner label={LL.app.loading()} className="self-start" />
      ) : (
        <PlanState data={subscription.data} freeLimit={freeLimit} />
      )}
      <p
        role="status"
        aria-busy={loading || undefined}
        className="rounded-xl bg-surface-2 px-3 py-2 font-medium"
        data-testid="paywall-balance"
      >
        {LL.paywall.balance({ balance })}
      </p>
    </Card>
  )
}

function PlanState({ data, freeLimit }: { data: SubscriptionData; freeLimit: number }) {
  const { LL, locale } = useI18nContext()
  const plan = data.activeSubscription
  const change = useSWRMutation(
    SUBSCRIPTION_KEY,
    (_key, { arg }: { arg: 'cancel' | 'resume' }) => (arg === 'cancel' ? cancelSubscription() : resumeSubscription()),
    {
      throwOnError: false,
      populateCache: true,
      revalidate: false,
    },
  )
  if (!plan || plan.status === 'expired') {
    return (
      <div className="flex flex-col gap-1">
        <p className="text-lg font-semibold">{LL.paywall.free()}</p>
        <p className="text-muted">{LL.paywall.freePlan({ count: freeLimit })}</p>
        {plan && (
          <p className="text-sm text-muted">
            {LL.paywall.endedOn({ date: formatDate(locale, new Date(plan.expiredAt), { dateStyle: 'long' }) })}
          </p>
        )}
      </div>
    )
  }
  const canChange = plan.provider !== 'gift'
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <p className="text-lg font-semibold">{LL.paywall.planOf({ plan: tierName(LL, plan.tier), period: periodName(LL, plan.period) })}</p>
        <p className="text-muted" data-testid="plan-status">
          {statusLine(LL, plan, formatDate(locale, new Date(plan.expiredAt), { dateStyle: 'long' }))}
        </p>
        {plan.pendingChange && (
          <p className="text-muted" data-testid="plan-pending-change">
            {LL.paywall.changesTo({
              plan: LL.paywall.planOf({ plan: tierName(LL, plan.pendingChange.tier), period: periodName(LL, plan.pendingChange.period) }),
              date: formatDate(locale, new Date(plan.pendingChange.startsAt), { dateStyle: 'long' }),
            })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {canChange && plan.autoRenewing && (
          <Button variant="secondary" disabled={change.isMutating} onClick={() => void change.trigger('cancel')}>
            {LL.paywall.cancel()}
          </Button>
        )}
        {canChange && !plan.autoRenewing && (
          <Button disabled={change.isMutating} onClick={() => void change.trigger('resume')}>
            {LL.paywall.resume()}
          </Button>
        )}
        {data.stripe && (
          <a className={buttonVariants({ variant: 'ghost' })} href={data.stripe.portalUrl} target="_top">
            {LL.paywall.portal()}
          </a>
        )}
      </div>
      {change.error && !change.isMutating && (
        <p role="alert" className="text-sm text-danger">
          {failureText(change.error, LL.paywall.changeFailed())}
        </p>
      )}
    </div>
  )
}

function statusLine(LL: ReturnType<typeof useI18nContext>['LL'], plan: ActiveSubscription, date: string): string {
  if (plan.provider === 'gift') return LL.paywall.gifted({ date })
  if (plan.status === 'past_due') return LL.paywall.pastDue({ date })
  return plan.autoRenewing ? LL.paywall.renewsOn({ date }) : LL.paywall.endsOn({ date })
}
