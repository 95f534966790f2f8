import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import { planChangeKind, type ActiveSubscription, type PlanProduct, type ProductInfo } from '@contract/api/payments'
import { Button } from '@/components/ui/button'
import { failureText } from '@/lib/failure-text'
import { formatDate } from '@/lib/format'
import { changeSubscription } from '../api/change-subscription'
import { SUBSCRIPTION_KEY } from '../keys'

/**
 * What a subscriber sees instead of Buy (ADR 0053): Upgrade (at once, the difference charged)
 * or Downgrade (at the period's end); on the current plan "Current plan", or "Keep this plan"
 * while a downgrade waits; on the plan waiting, the day it starts.
 */
export function ChangeButtons({ product, plan }: { product: ProductInfo; plan: ActiveSubscription }) {
  const { LL, locale } = useI18nContext()
  const change = useSWRMutation(SUBSCRIPTION_KEY, (_key, { arg }: { arg: PlanProduct }) => changeSubscription(arg), {
    throwOnError: false,
    populateCache: true,
    revalidate: false,
  })
  const date = formatDate(locale, new Date(plan.expiredAt), { dateStyle: 'long' })
  const current = plan.tier === product.tier && plan.period === product.period
  const pending = plan.pendingChange?.tier === product.tier && plan.pendingChange.period === product.period
  const id = product.id as PlanProduct
  const error = change.error && !change.isMutating && (
    <p role="alert" className="text-sm text-danger">
      {failureText(change.error, LL.paywall.changeFailed())}
    </p>
  )
  const note = (text: string) => <p className="text-sm text-muted">{text}</p>
  const { tier, period } = product
  if (!tier || !period) return null

  if (current) {
    if (!plan.pendingChange)
      return (
        <p className="font-medium" data-testid="current-plan-option">
          {LL.paywall.current()}
        </p>
      )
    return (
      <div className="flex flex-col gap-2">
        <Button variant="secondary" disabled={change.isMutating} onClick={() => void change.trigger(id)}>
          {LL.paywall.keepPlan()}
        </Button>
        {error}
      </div>
    )
  }
  if (pending) return note(LL.paywall.startsOn({ date }))
  // A gift is changed by nobody; a plan not renewing is resumed first; a provider that does not sell it cannot change to it.
  if (plan.provider === 'gift') return null
  if (!plan.autoRenewing) return note(LL.paywall.resumeToChange())
  if (!product.providers.includes(plan.provider)) return null
  const kind = planChangeKind(plan, { tier, period })
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant={kind === 'upgrade' ? 'primary' : 'secondary'}
        disabled={change.isMutating}
        onClick={() => void change.trigger(id)}
        data-testid={`${kind}-${product.id}`}
      >
        {kind === 'upgrade' ? LL.paywall.upgrade() : LL.paywall.downgrade()}
      </Button>
      {note(kind === 'upgrade' ? LL.paywall.upgradeNote() : LL.paywall.downgradeNote({ date }))}
      {error}
    </div>
  )
}
