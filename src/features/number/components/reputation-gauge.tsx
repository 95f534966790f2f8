import { useI18nContext } from '@i18n/i18n-react'
import { cn } from '@/lib/cn'
import { formatTenths } from '@/lib/format'

function rating(index: number): 'safe' | 'neutral' | 'unwanted' {
  if (index >= 6.5) return 'safe'
  if (index < 3.5) return 'unwanted'
  return 'neutral'
}

const ratingStyles = {
  safe: 'bg-success/15 text-success',
  neutral: 'bg-surface-2 text-fg',
  unwanted: 'bg-danger-bg text-danger',
} as const

/** The reputation index (0 to 10) as a labelled meter, coloured by how it rates the number. */
export function ReputationGauge({ index }: { index: number }) {
  const { LL, locale } = useI18nContext()
  const r = rating(index)
  const label = r === 'safe' ? LL.number.ratingSafe() : r === 'unwanted' ? LL.number.ratingUnwanted() : LL.number.ratingNeutral()
  const formatted = formatTenths(locale, index)
  return (
    <div className="flex flex-col gap-2" data-testid="reputation">
      <div className="flex items-baseline gap-3">
        <span className={cn('rounded-full px-3 py-1 text-sm font-semibold', ratingStyles[r])}>{label}</span>
        <span className="text-sm text-muted">{LL.number.indexOutOf({ index: formatted })}</span>
      </div>
      <div
        role="meter"
        aria-label={LL.number.reputation()}
        aria-valuemin={0}
        aria-valuemax={10}
        aria-valuenow={index}
        aria-valuetext={`${LL.number.indexOutOf({ index: formatted })}, ${label}`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className={cn('h-full rounded-full', r === 'safe' ? 'bg-success' : r === 'unwanted' ? 'bg-danger' : 'bg-warning')}
          style={{ inlineSize: `${Math.max(4, index * 10)}%` }}
        />
      </div>
    </div>
  )
}
