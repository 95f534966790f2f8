import { useId } from 'react'
import { useI18nContext } from '@i18n/i18n-react'
import type { DisputeState } from '@contract/api/dispute-state'
import { cn } from '@/lib/cn'
import { formatDate } from '@/lib/format'

/**
 * What everyone sees on a number whose owner contested its rating: under review, then
 * the moderators' decision with its date and note.
 */
export function DisputeBanner({ dispute, className }: { dispute: DisputeState | null; className?: string }) {
  const { LL, locale } = useI18nContext()
  const headingId = useId()
  if (!dispute) return null
  const date = (seconds: number) => formatDate(locale, new Date(seconds * 1000), { dateStyle: 'long' })
  const decided = dispute.decidedAtTimestamp ?? dispute.createdAtTimestamp
  const [title, text] =
    dispute.status === 'open'
      ? [LL.dispute.bannerOpen(), LL.dispute.bannerOpenText({ date: date(dispute.createdAtTimestamp) })]
      : dispute.status === 'upheld'
        ? [LL.dispute.bannerUpheld(), LL.dispute.bannerUpheldText({ date: date(decided) })]
        : [LL.dispute.bannerRejected(), LL.dispute.bannerRejectedText({ date: date(decided) })]
  return (
    <section
      aria-labelledby={headingId}
      data-testid="dispute-banner"
      data-status={dispute.status}
      className={cn(
        'flex flex-col gap-1 rounded-2xl border p-4',
        dispute.status === 'open' && 'border-warning/40 bg-warning/10',
        dispute.status === 'upheld' && 'border-success/40 bg-success/10',
        dispute.status === 'rejected' && 'border-border bg-surface-2',
        className,
      )}
    >
      <h2 id={headingId} className="font-semibold text-fg">
        {title}
      </h2>
      <p className="text-sm text-fg">{text}</p>
      {dispute.decisionNote && (
        <p className="text-sm text-fg">
          {/* The note keeps its own direction inside the sentence. */}
          {LL.dispute.note({ note: `\u2068${dispute.decisionNote}\u2069` })}
        </p>
      )}
    </section>
  )
}
