import { useState } from 'react'
import { useSWRConfig } from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState, ErrorState } from '@/components/ui/states'
import { markNotificationsRead } from '../api/mark-notifications-read'
import { INBOX_PAGE, isNotificationsKey, useNotifications } from '../use-notifications'
import { NotificationRow } from './notification-row'

/** Notifications the server lists at most per call. */
const MAX_PAGE = 100

/**
 * The inbox behind the bell: newest first, unread ones marked, "mark all as read", and
 * a longer list on request. Opening an item marks it read.
 */
export function InboxContent({ onNavigate }: { onNavigate: () => void }) {
  const { LL } = useI18nContext()
  const [limit, setLimit] = useState(INBOX_PAGE)
  const list = useNotifications(limit)
  const { mutate } = useSWRConfig()
  const [status, setStatus] = useState('')
  const markAll = useSWRMutation(
    'notifications-read-all',
    async () => {
      await markNotificationsRead('all')
      await mutate(isNotificationsKey)
    },
    { throwOnError: false, onSuccess: () => setStatus(LL.inbox.allRead()) },
  )
  const data = list.data
  const unread = data?.unread ?? 0

  return (
    <DialogContent closeLabel={LL.app.close()} className="w-[min(40rem,calc(100vw-2rem))] gap-3" data-testid="inbox">
      <DialogTitle>{LL.inbox.title()}</DialogTitle>
      <DialogDescription className="sr-only">{unread > 0 ? LL.inbox.bellUnread({ count: unread }) : LL.inbox.bell()}</DialogDescription>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={unread === 0 || markAll.isMutating}
          aria-busy={markAll.isMutating || undefined}
          onClick={() => void markAll.trigger()}
        >
          {LL.inbox.markAllRead()}
        </Button>
        <p role="status" className="text-sm text-muted">
          {markAll.error && !markAll.isMutating ? LL.inbox.actionError() : status}
        </p>
      </div>
      {!data && list.isLoading && <Spinner label={LL.app.loading()} className="self-center py-6" />}
      {list.error && !data && <ErrorState message={LL.inbox.loadError()} retryLabel={LL.app.retry()} onRetry={() => void list.mutate()} />}
      {data && data.items.length === 0 && <EmptyState title={LL.inbox.empty()} />}
      {data && data.items.length > 0 && (
        <ul aria-label={LL.inbox.title()} className="flex flex-col divide-y divide-border" data-testid="inbox-list">
          {data.items.map((item) => (
            <NotificationRow key={item.id} item={item} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
      {data && data.total > data.items.length && limit < MAX_PAGE && (
        <Button
          variant="ghost"
          size="sm"
          className="self-center"
          disabled={list.isValidating}
          onClick={() => setLimit((n) => Math.min(MAX_PAGE, n + INBOX_PAGE))}
        >
          {LL.inbox.showMore()}
        </Button>
      )}
    </DialogContent>
  )
}
