import { useI18nContext } from '@i18n/i18n-react'
import type { ModerationLogEntry } from '@contract/api/community'
import { logLine } from '../moderation-labels'
import { useDate } from './use-date'

/** What the moderators did with an item, oldest first; an edit keeps the text as it was before. */
export function ModerationLog({ log }: { log: ModerationLogEntry[] }) {
  const { LL } = useI18nContext()
  const date = useDate()
  if (log.length === 0) return null
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-sm font-medium text-fg">{LL.moderation.log()}</h3>
      <ul className="flex flex-col gap-1 text-sm text-muted">
        {log.map((entry) => (
          <li key={entry.id}>
            <time dateTime={new Date(entry.createdAtTimestamp * 1000).toISOString()}>{date(entry.createdAtTimestamp)}</time>
            {' · '}
            <span>{logLine(LL, entry)}</span>
            {entry.before !== null && (
              <span className="mt-1 flex flex-col gap-0.5 border-s-2 border-border ps-2">
                <span>{LL.moderation.logBefore()}</span>
                <span dir="auto" className="whitespace-pre-wrap break-words text-fg">
                  {entry.before}
                </span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
