import { useId } from 'react'
import { Link } from '@tanstack/react-router'
import useSWR from 'swr'
import { useI18nContext } from '@i18n/i18n-react'
import type { NumberProfile } from '@contract/api/number-profile'
import { Badge } from '@/components/ui/badge'
import { Card, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { tagLabel } from '@/lib/tag-label'
import { getNeuroanalysis } from '../api/get-neuroanalysis'
import { numberFormat } from '@/lib/format'

type LLType = ReturnType<typeof useI18nContext>['LL']
type Neuro = NonNullable<NumberProfile['neuroanalysis']>

/** Share metrics the server computes (0..1), in the order they are shown. */
const SHARES = ['risk', 'negativeShare', 'fraud', 'nuisance', 'confidence'] as const
type Share = (typeof SHARES)[number]

function shareLabel(LL: LLType, key: Share): string {
  const labels: Record<Share, () => string> = {
    risk: LL.insights.risk,
    negativeShare: LL.insights.negativeShare,
    fraud: LL.insights.fraud,
    nuisance: LL.insights.nuisance,
    confidence: LL.insights.confidence,
  }
  return labels[key]()
}

function Meter({
  label,
  value,
  min,
  max,
  text,
  tone,
}: {
  label: string
  value: number
  min: number
  max: number
  text: string
  tone: 'danger' | 'warning' | 'primary' | 'success'
}) {
  const id = useId()
  const share = (value - min) / (max - min)
  const bar = { danger: 'bg-danger', warning: 'bg-warning', primary: 'bg-primary', success: 'bg-success' }[tone]
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={id}>{label}</span>
        <span className="font-medium tabular-nums" aria-hidden>
          {text}
        </span>
      </div>
      <div
        role="meter"
        aria-labelledby={id}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-surface-2"
      >
        <div className={cn('h-full rounded-full', bar)} style={{ inlineSize: `${Math.max(2, share * 100)}%` }} />
      </div>
    </div>
  )
}

/** Plain-language sentences built from the metrics, so they read in the viewer's language. */
function summary(LL: LLType, n: Neuro): string[] {
  const m = n.metrics
  const out: string[] = []
  if (n.neurotype) out.push(LL.insights.summaryKind({ kind: tagLabel(LL, n.neurotype) }))
  if (m.risk !== undefined)
    out.push(m.risk >= 0.6 ? LL.insights.riskHigh() : m.risk >= 0.25 ? LL.insights.riskModerate() : LL.insights.riskLow())
  if ((m.fraud ?? 0) >= 0.3) out.push(LL.insights.fraudWarning())
  out.push(
    LL.insights.basedOn({
      reports: LL.insights.reports({ count: m.reports ?? 0 }),
      reviews: LL.insights.reviews({ count: m.comments ?? 0 }),
    }),
  )
  return out
}

function NeuroBody({ n }: { n: Neuro }) {
  const { LL, locale } = useI18nContext()
  const pct = (x: number) => LL.insights.percent({ value: Math.round(x * 100) })
  const m = n.metrics
  const fmt = numberFormat(locale, { signDisplay: 'exceptZero' })
  return (
    <>
      <dl className="flex flex-col gap-1">
        <dt className="text-sm text-muted">{LL.insights.kind()}</dt>
        <dd className="text-lg font-semibold" data-testid="neuro-kind">
          {n.neurotype ? tagLabel(LL, n.neurotype) : LL.insights.kindUnknown()}
        </dd>
      </dl>
      <div className="flex flex-col gap-3" data-testid="neuro-metrics">
        {SHARES.filter((k) => m[k] !== undefined).map((k) => (
          <Meter
            key={k}
            label={shareLabel(LL, k)}
            value={m[k]}
            min={0}
            max={1}
            text={pct(m[k])}
            tone={k === 'confidence' ? 'primary' : m[k] >= 0.6 ? 'danger' : m[k] >= 0.25 ? 'warning' : 'success'}
          />
        ))}
        {m.sentiment !== undefined && (
          <Meter
            label={LL.insights.sentiment()}
            value={m.sentiment}
            min={-1}
            max={1}
            text={LL.insights.sentimentValue({ value: fmt.format(Math.round(m.sentiment * 100)) })}
            tone={m.sentiment < -0.2 ? 'danger' : m.sentiment > 0.2 ? 'success' : 'warning'}
          />
        )}
      </div>
      {n.full ? (
        <ul className="flex list-disc flex-col gap-1 ps-5 text-sm" data-testid="neuro-summary">
          {summary(LL, n).map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      ) : (
        // A free user sees the headline; the plans page says what the whole analysis adds.
        <p className="rounded-lg bg-surface-2 p-3 text-sm" data-testid="neuro-upsell">
          {LL.insights.neuroUpsell()}{' '}
          <Link to="/paywall" search={{ tab: 'tier1' }} className="font-medium text-primary underline">
            {LL.insights.neuroUpsellLink()}
          </Link>
        </p>
      )}
    </>
  )
}

/**
 * The automatic analysis (neuro-analysis) of the number: estimated caller kind, risk
 * and sentiment as meters, a plain summary; clearly marked as computed, not checked.
 */
export function NeuroanalysisCard({ data }: { data: NumberProfile }) {
  const { LL } = useI18nContext()
  const headingId = useId()
  // The page carries the analysis; ask the endpoint only when the page has evidence but no analysis.
  const ask = !data.neuroanalysis && (data.evidence.length > 0 || data.metrics.commentsCount > 0)
  const fetched = useSWR(ask ? ['neuroanalysis', data.phone.number] : null, ([, phone]: [string, string]) => getNeuroanalysis(phone))
  const n = data.neuroanalysis ?? fetched.data ?? null
  return (
    <Card className="flex flex-col gap-4" role="region" aria-labelledby={headingId} data-testid="neuro-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id={headingId}>{LL.insights.neuroTitle()}</CardTitle>
        <Badge>{LL.insights.neuroBadge()}</Badge>
      </div>
      <p className="text-sm text-muted">{LL.insights.neuroNote()}</p>
      {n ? (
        <NeuroBody n={n} />
      ) : ask && fetched.isLoading ? (
        <Spinner label={LL.insights.neuroLoading()} className="self-center" />
      ) : ask && fetched.error ? (
        // A secondary card: its failure is said in place, not announced over the page.
        <p className="text-sm text-danger">{LL.insights.neuroError()}</p>
      ) : (
        <p className="text-sm" data-testid="neuro-empty">
          {LL.insights.neuroEmpty()}
        </p>
      )}
    </Card>
  )
}
