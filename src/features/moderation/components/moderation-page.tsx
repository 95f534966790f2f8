import { useEffect, useRef, useState } from 'react'
import useSWR from 'swr'
import { useI18nContext } from '@i18n/i18n-react'
import { usePageTitle } from '@/lib/use-page-title'
import { Page } from '@/components/layout/app-shell'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState, ErrorState } from '@/components/ui/states'
import { ApiError } from '@/lib/api'
import { cn } from '@/lib/cn'
import { useIsModerator } from '@/lib/use-is-moderator'
import { getModerationQueue, type QueueKind, type QueueStatus } from '../api/get-moderation-queue'
import { DisputeQueue } from './dispute-queue'
import { ModerationItem, type Outcome } from './moderation-item'

export const PAGE_SIZE = 20

/** Which queue: reports and complaints about texts, or owners' disputes about ratings. */
export type Queue = 'cases' | 'disputes'

export interface QueueView {
  queue: Queue
  /** For disputes, `closed` lists the decided ones. */
  status: QueueStatus
  kind: QueueKind
  /** 1-based. */
  page: number
}

/**
 * The moderators' page: reports and complaints with the reported texts, open or
 * resolved, a page at a time; or the owners' disputes about their numbers' ratings. Anyone else sees that the page is not for them, and
 * the queue is never asked for.
 */
export function ModerationPage({ queue: which, status, kind, page, onNavigate }: QueueView & { onNavigate: (view: QueueView) => void }) {
  const { LL } = useI18nContext()
  usePageTitle(LL.moderation.title())
  const role = useIsModerator()
  const offset = (page - 1) * PAGE_SIZE
  const queue = useSWR(role.isModerator && which === 'cases' ? ['moderation', status, kind, offset] : null, () =>
    getModerationQueue(status, offset, PAGE_SIZE, kind),
  )
  const [outcome, setOutcome] = useState('')
  const statusLine = useRef<HTMLParagraphElement>(null)
  const refused = queue.error instanceof ApiError && queue.error.status === 403
  // Past the end (the last items there were just closed, or an old address): go to the last page.
  const total = queue.data?.total
  const pastEnd = queue.data !== undefined && queue.data.items.length === 0 && page > 1
  useEffect(() => {
    if (pastEnd) onNavigate({ queue: 'cases', status, kind, page: Math.max(1, Math.ceil((total ?? 0) / PAGE_SIZE)) })
  }, [pastEnd, total, status, kind, onNavigate])

  function onOutcome({ message, gone }: Outcome) {
    setOutcome(message)
    // The item leaves the list: focus goes to what happened rather than to the page's start.
    if (gone) statusLine.current?.focus()
    void queue.mutate()
  }

  function show(view: Omit<QueueView, 'queue'>) {
    setOutcome('')
    onNavigate({ queue: which, ...view })
  }

  const queues = (
    <div role="group" aria-label={LL.moderation.queues()} className="flex gap-2 border-b border-border pb-3">
      {(['cases', 'disputes'] as const).map((q) => (
        <Button
          key={q}
          variant={q === which ? 'primary' : 'ghost'}
          aria-pressed={q === which}
          onClick={() => onNavigate({ queue: q, status: 'open', kind: 'all', page: 1 })}
        >
          {q === 'cases' ? LL.moderation.queueCases() : LL.moderation.queueDisputes()}
        </Button>
      ))}
    </div>
  )

  let body
  if (role.error) body = <ErrorState message={LL.app.genericError()} retryLabel={LL.app.retry()} onRetry={role.retry} />
  else if (role.isModerator === undefined) body = <Spinner label={LL.app.loading()} className="self-center py-10" />
  else if (role.isModerator === false || refused) body = <NotAllowed />
  else if (which === 'disputes') {
    body = (
      <>
        {queues}
        <DisputeQueue
          status={status === 'closed' ? 'decided' : 'open'}
          page={page}
          onNavigate={(view) =>
            onNavigate({ queue: 'disputes', kind, status: view.status === 'decided' ? 'closed' : 'open', page: view.page })
          }
        />
      </>
    )
  } else {
    const data = pastEnd ? undefined : queue.data
    const last = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : page
    body = (
      <>
        {queues}
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <div role="group" aria-label={LL.moderation.filter()} className="flex gap-2">
            {(['open', 'closed'] as const).map((s) => (
              <Button
                key={s}
                variant={s === status ? 'primary' : 'secondary'}
                size="sm"
                aria-pressed={s === status}
                onClick={() => show({ status: s, kind, page: 1 })}
              >
                {s === 'open' ? LL.moderation.open() : LL.moderation.closed()}
              </Button>
            ))}
          </div>
          <div role="group" aria-label={LL.moderation.kindFilter()} className="flex gap-2">
            {(['all', 'report', 'complaint'] as const).map((k) => (
              <Button
                key={k}
                variant={k === kind ? 'primary' : 'secondary'}
                size="sm"
                aria-pressed={k === kind}
                onClick={() => show({ status, kind: k, page: 1 })}
              >
                {k === 'all' ? LL.moderation.kindAll() : k === 'report' ? LL.moderation.kindReports() : LL.moderation.kindComplaints()}
              </Button>
            ))}
          </div>
        </div>
        <p
          ref={statusLine}
          role="status"
          tabIndex={-1}
          className={cn('rounded-xl focus-visible:outline-2 focus-visible:outline-focus', outcome && 'bg-success/15 p-3 text-fg')}
        >
          {outcome}
        </p>
        {(queue.isLoading || pastEnd) && <Spinner label={LL.app.loading()} className="self-center py-10" />}
        {queue.error && !refused && (
          <ErrorState message={LL.moderation.loadError()} retryLabel={LL.app.retry()} onRetry={() => void queue.mutate()} />
        )}
        {data && data.items.length === 0 && (
          <EmptyState title={status === 'open' ? LL.moderation.emptyOpen() : LL.moderation.emptyClosed()} />
        )}
        {data && data.items.length > 0 && (
          <section aria-label={LL.moderation.queue()} className="flex flex-col gap-4">
            {data.items.map((item) => (
              <ModerationItem key={`${item.kind}-${item.id}`} item={item} onOutcome={onOutcome} />
            ))}
          </section>
        )}
        {data && data.total > 0 && (
          <nav aria-label={LL.moderation.pages()} className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => show({ status, kind, page: page - 1 })}>
              {LL.moderation.previous()}
            </Button>
            <span className="text-sm text-muted">
              {LL.moderation.range({
                from: Math.min(offset + 1, data.total),
                to: Math.min(offset + data.items.length, data.total),
                total: data.total,
              })}
            </span>
            <Button variant="secondary" size="sm" disabled={page >= last} onClick={() => show({ status, kind, page: page + 1 })}>
              {LL.moderation.next()}
            </Button>
          </nav>
        )}
      </>
    )
  }

  return <Page title={LL.moderation.title()}>{body}</Page>
}

function NotAllowed() {
  const { LL } = useI18nContext()
  return (
    <Card role="alert" className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold text-fg">{LL.moderation.notAllowedTitle()}</h2>
      <p className="text-muted">{LL.moderation.notAllowedText()}</p>
    </Card>
  )
}
