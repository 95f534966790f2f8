import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useSWRConfig } from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { NotificationItem } from '@contract/api/notifications'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { formatDate } from '@/lib/format'
import { isNumberPageKey } from '@/lib/page-keys'
import { answerIntroduction } from '../api/answer-introduction'
import { markNotificationsRead } from '../api/mark-notifications-read'
import { notificationText } from '../notification-text'
import { isNotificationsKey } from '../use-notifications'

/** One notification: what happened (a link to the number), who and when; an introduction request can be answered here. */
export function NotificationRow({ item, onNavigate }: { item: NotificationItem; onNavigate: () => void }) {
  const { LL, locale } = useI18nContext()
  const { mutate } = useSWRConfig()
  const text = notificationText(LL, item)
  const refresh = () => mutate(isNotificationsKey)
  const markRead = useSWRMutation(
    ['notification-read', item.id],
    async () => {
      await markNotificationsRead({ id: item.id })
      await refresh()
    },
    { throwOnError: false },
  )

  function open() {
    if (!item.read) void markRead.trigger()
    onNavigate()
  }

  return (
    <li
      className={cn('flex flex-col gap-1.5 py-3', !item.read && 'font-medium')}
      data-testid="notification"
      data-kind={item.kind}
      data-read={item.read}
    >
      <div className="flex items-start gap-2">
        {!item.read && <span aria-hidden className="mt-2 h-2 w-2 shrink-0 rounded-full bg-primary" />}
        <p className="flex-1 text-fg">
          {!item.read && <span className="sr-only">{`${LL.inbox.unread()}: `}</span>}
          {item.phoneNumber ? (
            <Link
              to="/number/$phoneNumber"
              params={{ phoneNumber: item.phoneNumber }}
              onClick={open}
              className="underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-focus"
            >
              {text}
            </Link>
          ) : (
            text
          )}
        </p>
      </div>
      {item.text && (
        <p
          dir="auto"
          className="ms-4 line-clamp-3 rounded-xl bg-surface-2 px-3 py-2 text-sm font-normal text-fg"
          data-testid="notification-text"
        >
          {item.text}
        </p>
      )}
      <time dateTime={new Date(item.createdAtTimestamp * 1000).toISOString()} className="ms-4 text-sm font-normal text-muted">
        {formatDate(locale, new Date(item.createdAtTimestamp * 1000))}
      </time>
      {item.kind === 'commonAcquaintances' && item.request && <IntroductionAnswer request={item.request} onAnswered={refresh} />}
    </li>
  )
}

type Request = NonNullable<NotificationItem['request']>

/** Accept or decline an introduction request; afterwards, the answer given. */
function IntroductionAnswer({ request, onAnswered }: { request: Request; onAnswered: () => Promise<unknown> }) {
  const { LL } = useI18nContext()
  const { mutate } = useSWRConfig()
  const [chosen, setChosen] = useState<'accept' | 'decline' | null>(null)
  const answer = useSWRMutation(
    ['fof-answer', request.id],
    async (_key, { arg }: { arg: 'accept' | 'decline' }) => {
      // The server marks the notification read with the answer.
      await answerIntroduction(request.id, arg)
      // The requester's card and this number's page both change with the answer.
      await Promise.all([onAnswered(), mutate(isNumberPageKey)])
    },
    { throwOnError: false },
  )
  const busy = answer.isMutating
  const error = answer.error && !busy ? LL.inbox.actionError() : null
  function send(choice: 'accept' | 'decline') {
    setChosen(choice)
    void answer.trigger(choice)
  }

  if (request.answer === 'accepted') return <p className="ms-4 text-sm font-normal text-success">{LL.inbox.youAccepted()}</p>
  if (request.answer === 'declined') return <p className="ms-4 text-sm font-normal text-muted">{LL.inbox.youDeclined()}</p>
  // Declined by everyone or expired: nothing left to answer (after an accept, others may still answer).
  if (request.status === 'declined' || request.status === 'expired')
    return <p className="ms-4 text-sm font-normal text-muted">{LL.inbox.requestClosed()}</p>
  return (
    <div className="ms-4 flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={busy} aria-busy={(busy && chosen === 'accept') || undefined} onClick={() => send('accept')}>
          {busy && chosen === 'accept' ? LL.inbox.answering() : LL.inbox.accept()}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          aria-busy={(busy && chosen === 'decline') || undefined}
          onClick={() => send('decline')}
        >
          {busy && chosen === 'decline' ? LL.inbox.answering() : LL.inbox.decline()}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm font-normal text-danger">
          {error}
        </p>
      )}
    </div>
  )
}
