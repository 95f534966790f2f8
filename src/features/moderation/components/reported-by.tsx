import { useI18nContext } from '@i18n/i18n-react'
import type { ModerationQueueItem } from '@contract/api/community'
import { complainedName, sender } from '../moderation-labels'

/** What the reporter said (as text, never markup), the name a complaint is about, and who sent it. */
export function ReportedBy({ item }: { item: ModerationQueueItem }) {
  const { LL } = useI18nContext()
  const from = sender(LL, item)
  const named = complainedName(item)
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-sm font-medium text-fg">
        {item.kind === 'report' ? LL.moderation.reportReason() : LL.moderation.complaintMessage()}
      </h3>
      {named && (
        <p dir="auto" className="text-sm text-fg">
          {named}
        </p>
      )}
      <p dir="auto" className="whitespace-pre-wrap break-words text-fg">
        {item.text || <span className="text-muted">{LL.moderation.noReason()}</span>}
      </p>
      {from && <p className="text-sm text-muted">{LL.moderation.from({ who: from })}</p>}
    </section>
  )
}
