import { useI18nContext } from '@i18n/i18n-react'
import { useMyProfile } from '@/lib/use-my-profile'

/** With a plan in force, the search page says which and how many searches a day it gives. */
export function PlanLine({ dailyLimit }: { dailyLimit: number | undefined }) {
  const { LL } = useI18nContext()
  const me = useMyProfile()
  const tier = me.data?.planTier
  if (!tier || dailyLimit === undefined) return null
  return (
    <p className="text-sm font-medium text-muted" data-testid="plan-line">
      {LL.money.planLine({ plan: tier === 'tier1' ? LL.paywall.tier1() : LL.paywall.tier2(), count: dailyLimit })}
    </p>
  )
}
