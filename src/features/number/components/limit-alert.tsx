import { Link } from '@tanstack/react-router'
import { useI18nContext } from '@i18n/i18n-react'
import type { NumberProfile } from '@contract/api/number-profile'
import { Button, buttonVariants } from '@/components/ui/button'
import { Card } from '@/components/ui/card'

/** The one-click paid search the page composes in (DESIGN.md section 8): run it, and what to say meanwhile. */
export interface PaidSearchOffer {
  run: () => void
  pending: boolean
  /** Paid searches are off in the settings: the click turns them on, and the alert says so. */
  turnsOnOverlimit: boolean
  error: string | null
}

/**
 * Past the daily search limit the answer carries only the phone block: say so, offer
 * the search for its price in coins in one click, and the plans.
 */
export function LimitAlert({ data, paid }: { data: NumberProfile; paid?: PaidSearchOffer }) {
  const { LL } = useI18nContext()
  if (!data.paidAlert.show) return null
  const price = data.paidAlert.paidSearchPrice
  return (
    <Card className="flex flex-col gap-3 border-warning" role="alert">
      <h2 className="text-lg font-semibold">{LL.number.limitTitle()}</h2>
      <p className="text-muted">{LL.number.limitText({ price })}</p>
      <div className="flex flex-wrap items-center gap-2">
        {paid && (
          <Button disabled={paid.pending} onClick={paid.run}>
            {LL.money.searchFor({ price })}
          </Button>
        )}
        <Link to="/paywall" className={buttonVariants({ variant: paid ? 'secondary' : 'primary' })}>
          {LL.number.toPaywall()}
        </Link>
      </div>
      {paid?.turnsOnOverlimit && <p className="text-sm text-muted">{LL.money.searchForNote()}</p>}
      {paid?.error && <p className="text-sm text-danger">{paid.error}</p>}
    </Card>
  )
}
