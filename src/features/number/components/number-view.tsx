import { useI18nContext } from '@i18n/i18n-react'
import type { EvidenceItem, NumberProfile } from '@contract/api/number-profile'
import { Card, CardTitle } from '@/components/ui/card'
import { PhoneText } from '@/components/ui/phone-text'
import { cn } from '@/lib/cn'
import { CommentsCard } from '@/features/comments/components/comments-card'
import { NoteCard } from '@/features/notes/components/note-card'
import { ContactsCard } from '@/features/contacts/components/contacts-card'
import { FofCard, NeuroanalysisCard } from '@/features/insights/components/insights'
import { BanControl } from '@/features/polls/components/ban-control'
import { TagsCard } from '@/features/polls/components/tags-card'
import { tagLabel } from '@/lib/tag-label'
import { NumberActions } from './number-actions'

type LLType = ReturnType<typeof useI18nContext>['LL']

export function displayName(p: NumberProfile): string | null {
  const pick = (x: { firstName: string | null; lastName: string | null }) => [x.firstName, x.lastName].filter(Boolean).join(' ') || null
  return pick(p.profile) ?? pick(p.averageProfile) ?? pick(p.suggestedProfile)
}

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

export function ReputationGauge({ index }: { index: number }) {
  const { LL, locale } = useI18nContext()
  const r = rating(index)
  const label = r === 'safe' ? LL.number.ratingSafe() : r === 'unwanted' ? LL.number.ratingUnwanted() : LL.number.ratingNeutral()
  const formatted = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, numberingSystem: 'latn' }).format(index)
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

/** Names of the public lists evidence is imported from; proper names, not translated. */
const SOURCE_NAMES: Record<string, string> = { phoneblock: 'PhoneBlock', ftc: 'FTC Do Not Call', csv: 'CSV', demo: 'Demo' }

function evidenceText(LL: LLType, e: EvidenceItem): string {
  if (e.kind === 'bans') return LL.number.evidenceBans({ votes: e.votes })
  if (e.kind === 'polls') return LL.number.evidencePolls({ votes: e.votes, label: tagLabel(LL, e.label) })
  return LL.number.evidenceImported({ votes: e.votes, label: tagLabel(LL, e.label), source: SOURCE_NAMES[e.source] ?? e.source })
}

export function NumberView({ data }: { data: NumberProfile }) {
  const { LL } = useI18nContext()
  const name = displayName(data)
  const evidence = [...data.evidence].filter((e) => e.direction !== 'neutral' || e.votes > 0).sort((a, b) => b.weight - a.weight)
  return (
    <div className="grid gap-5 wide:grid-cols-2">
      <Card className="flex flex-col gap-4 wide:col-span-2">
        <div className="flex flex-col gap-1">
          <p className="text-3xl font-bold tracking-tight" data-testid="number-international">
            <PhoneText value={data.phone.number} className="[unicode-bidi:isolate]" />
          </p>
          <p className={cn('text-lg', name ? 'text-fg' : 'text-muted')} data-testid="number-name">
            {name ?? LL.number.unknownName()}
          </p>
          {data.metrics.isVerified && <p className="text-sm text-success">{LL.number.verified()}</p>}
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-muted">{LL.number.region()}</dt>
            <dd className="font-medium" data-testid="number-region">{data.phone.region ?? LL.number.unknown()}</dd>
          </div>
          <div>
            <dt className="text-muted">{LL.number.carrier()}</dt>
            <dd className="font-medium">{data.phone.carrier ?? LL.number.unknown()}</dd>
          </div>
        </dl>
        <ReputationGauge index={data.metrics.index} />
        {!data.paidAlert.show && (
          <div className="flex flex-wrap items-center gap-2">
            <NumberActions data={data} />
            <BanControl data={data} />
          </div>
        )}
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
          <li>{LL.number.comments({ count: data.metrics.commentsCount })}</li>
          <li>{LL.number.contacts({ count: data.metrics.contactsCount })}</li>
          <li>{LL.number.bans({ count: data.metrics.bans })}</li>
        </ul>
      </Card>
      <TagsCard data={data} />
      <Card className="flex flex-col gap-3">
        <CardTitle>{LL.number.why()}</CardTitle>
        {evidence.length ? (
          <ul className="flex list-disc flex-col gap-1 ps-5 text-sm" data-testid="evidence">
            {evidence.map((e) => (
              <li key={`${e.kind}-${e.source}-${e.label}`}>{evidenceText(LL, e)}</li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">{LL.number.noEvidence()}</p>
        )}
      </Card>
      {/* The community part: not in the limited (paid-alert) answer, which carries only the phone block. */}
      {!data.paidAlert.show && (
        <>
          <CommentsCard key={`comments-${data.phone.number}`} data={data} />
          <NoteCard key={`note-${data.phone.number}`} data={data} />
          <ContactsCard key={`contacts-${data.phone.number}`} data={data} />
          <NeuroanalysisCard data={data} />
          <FofCard data={data} />
        </>
      )}
    </div>
  )
}
