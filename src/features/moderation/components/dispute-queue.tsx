import { useEffect, useRef, useState } from 'react'
import useSWR from 'swr'
import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState, ErrorState } from '@/components/ui/states'
import { cn } from '@/lib/cn'
import { getDisputeQueue, type DisputeQueueStatus } from '../api/get-dispute-queue'
import { DisputeItem } from './dispute-item'
import type { Outcome } from './moderation-item'

export const DISPUTES_PAGE_SIZE = 20

/**
 * The owners' disputes about their numbers' ratings, open or decided, a page at a
 * time (moderators only; the page has checked the role).
 */
export function DisputeQueue({
  status,
  page,
  onNavigate,
}: {
  status: DisputeQueueStatus
  page: number
  onNavigate: (view: { status: DisputeQueueStatus; page: number }) => void
}) {
  const { LL } = useI18nContext()
  const offset = (page - 1) * DISPUTES_PAGE_SIZE
  const queue = useSWR(['moderation-disputes', status, offset], () => getDisputeQueue(status, offset, DISPUTES_PAGE_SIZE))
  const [outcome, setOutcome] = useState('')
  const statusLine = useRef<HTMLParagraphElement>(null)
  const total = queue.data?.total
  // Past the end (the last items there were just decided, or an old address): go to the last page.
  const pastEnd = queue.data !== undefined && queue.data.items.length === 0 && page > 1
  useEffect(() => {
    if (pastEnd) onNavigate({ status, page: Math.max(1, Math.ceil((total ?? 0) / DISPUTES_PAGE_SIZE)) })
  }, [pastEnd, total, status, onNavigate])

  function onOutcome({ message, gone }: Outcome) {
    setOutcome(message)
    // The item leaves the list: focus goes to what happened rather than to the page's start.
    if (gone) statusLine.current?.focus()
    void queue.mutate()
  }

  function show(view: { status: DisputeQueueStatus; page: number }) {
    setOutcome('')
    onNavigate(view)
  }

  const data = pastEnd ? undefined : queue.data
  const last = data ? Math.max(1, Math.ceil(data.total / DISPUTES_PAGE_SIZE)) : page
  return (
    <>
      <div role="group" aria-label={LL.moderation.filter()} className="flex gap-2">
        {(['open', 'decided'] as const).map((s) => (
          <Button
            key={s}
            variant={s === status ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={s === status}
            onClick={() => show({ status: s, page: 1 })}
          >
            {s === 'open' ? LL.moderation.open() : LL.moderation.disputeDecided()}
          </Button>
        ))}
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
      {queue.error && (
        <ErrorState message={LL.moderation.disputesLoadError()} retryLabel={LL.app.retry()} onRetry={() => void queue.mutate()} />
      )}
      {data && data.items.length === 0 && (
        <EmptyState title={status === 'open' ? LL.moderation.disputesEmptyOpen() : LL.moderation.disputesEmptyDecided()} />
      )}
      {data && data.items.length > 0 && (
        <section aria-label={LL.moderation.disputes()} className="flex flex-col gap-4">
          {data.items.map((item) => (
            <DisputeItem key={item.id} item={item} onOutcome={onOutcome} />
          ))}
        </section>
      )}
      {data && data.total > DISPUTES_PAGE_SIZE && (
        <nav aria-label={LL.moderation.pages()} className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => show({ status, page: page - 1 })}>
            {LL.moderation.previous()}
          </Button>
          <span className="text-sm text-muted">
            {LL.moderation.range({
              from: Math.min(offset + 1, data.total),
              to: Math.min(offset + data.items.length, data.total),
              total: data.total,
            })}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= last} onClick={() => show({ status, page: page + 1 })}>
            {LL.moderation.next()}
          </Button>
        </nav>
      )}
    </>
  )
}
