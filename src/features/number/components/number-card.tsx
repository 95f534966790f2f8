import type { ReactNode } from 'react'
import { useI18nContext } from '@i18n/i18n-react'
import type { NumberProfile } from '@contract/api/number-profile'
import { Card } from '@/components/ui/card'
import { PhoneShown, PhoneText } from '@/components/ui/phone-text'
import { SkeletonBar } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { ReputationGauge } from './reputation-gauge'

export function displayName(p: NumberProfile): string | null {
  const pick = (x: { firstName: string | null; lastName: string | null }) => [x.firstName, x.lastName].filter(Boolean).join(' ') || null
  return pick(p.profile) ?? pick(p.averageProfile) ?? pick(p.suggestedProfile)
}

/**
 * The number's summary: the number, its name, region and carrier, the reputation gauge,
 * the viewer's `actions` on it and the community counts. The limited answer (past the daily
 * limit) knows only the number, its region and carrier: no name, index or counts are shown
 * for it, since its defaults ("no name", 5 out of 10, 0 comments) would read as facts (issue 30).
 */
export function NumberCard({ data, actions }: { data: NumberProfile; actions: ReactNode }) {
  const { LL } = useI18nContext()
  const limited = data.paidAlert.show
  const name = displayName(data)
  return (
    <Card className="flex flex-col gap-4 wide:col-span-2">
      <div className="flex flex-col gap-1">
        <p className="text-3xl font-bold tracking-tight" data-testid="number-international">
          <PhoneText value={data.phone.number} className="[unicode-bidi:isolate]" />
        </p>
        {!limited && (
          <p className={cn('text-lg', name ? 'text-fg' : 'text-muted')} data-testid="number-name">
            {name ?? LL.number.unknownName()}
          </p>
        )}
        {!limited && data.metrics.isVerified && <p className="text-sm text-success">{LL.number.verified()}</p>}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-muted">{LL.number.region()}</dt>
          <dd className="font-medium" data-testid="number-region">
            {data.phone.region ?? LL.number.unknown()}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{LL.number.carrier()}</dt>
          <dd className="font-medium">{data.phone.carrier ?? LL.number.unknown()}</dd>
        </div>
      </dl>
      {!limited && (
        <>
          <ReputationGauge index={data.metrics.index} />
          <div className="flex flex-wrap items-center gap-2">{actions}</div>
          <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
            <li>{LL.number.comments({ count: data.metrics.commentsCount })}</li>
            <li>{LL.number.contacts({ count: data.metrics.contactsCount })}</li>
            <li>{LL.number.bans({ count: data.metrics.bans })}</li>
          </ul>
        </>
      )}
    </Card>
  )
}

/**
 * The card before its data: the number as large as the card shows it, and what the card will say.
 * The server's first paint of a number's page draws it (app/server-frame), so its text is laid out
 * before any script rather than in the task that renders the card.
 */
export function NumberCardSkeleton({ shown }: { shown: string }) {
  const { LL } = useI18nContext()
  const fact = (label: string) => (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd>
        <SkeletonBar className="h-5 w-2/3" />
      </dd>
    </div>
  )
  return (
    <Card className="flex flex-col gap-4 wide:col-span-2">
      <div className="flex flex-col gap-1">
        <p className="text-3xl font-bold tracking-tight">
          <PhoneShown shown={shown} className="[unicode-bidi:isolate]" />
        </p>
        <SkeletonBar className="h-7 w-1/3" />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        {fact(LL.number.region())}
        {fact(LL.number.carrier())}
      </dl>
      <SkeletonBar className="h-24 w-full" />
    </Card>
  )
}
