import { Link } from '@tanstack/react-router'
import { useI18nContext } from '@i18n/i18n-react'
import type { NumberProfile } from '@contract/api/number-profile'
import { buttonVariants } from '@/components/ui/button'
import { Card } from '@/components/ui/card'

/** Past the daily search limit the answer carries only the phone block: say so and offer the paywall. */
export function LimitAlert({ data }: { data: NumberProfile }) {
  const { LL } = useI18nContext()
  if (!data.paidAlert.show) return null
  return (
    <Card className="flex flex-col gap-3 border-warning" role="alert">
      <h2 className="text-lg font-semibold">{LL.number.limitTitle()}</h2>
      <p className="text-muted">{LL.number.limitText({ price: data.paidAlert.paidSearchPrice })}</p>
      <Link to="/paywall" className={buttonVariants({ variant: 'primary' }) + ' self-start'}>
        {LL.number.toPaywall()}
      </Link>
    </Card>
  )
}
