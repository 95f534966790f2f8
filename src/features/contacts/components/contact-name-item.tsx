import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { ContactName } from '@contract/api/numbers'
import { confirmDeleteWithToggle } from '@/components/modals/delete-confirmations'
import { openNotice } from '@/components/modals/notice'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { IconThumbDown, IconThumbUp } from '@/components/ui/action-icons'
import { failureText } from '@/lib/failure-text'
import { likeContact } from '../api/like-contact'
import { reportContact } from '../api/report-contact'
import { contactsKey, type ContactsOf } from '../contacts-of'
import { numberFormat } from '@/lib/format'

interface Props {
  item: ContactName
  /** The number the name is saved for: by phone, or by its owner's profile id. */
  of: ContactsOf
  onChange: (next: ContactName) => void
  /** A report that asks for a complaint too opens it (another feature, wired in by the page). */
  onComplain: () => void
}

/** One name the number is saved under: how many saved it, its score, like/dislike toggles and a report button. */
export function ContactNameItem({ item, of, onChange, onComplain }: Props) {
  const { LL, locale } = useI18nContext()
  const name = [item.firstName, item.lastName].filter(Boolean).join(' ')
  const score = numberFormat(locale, { signDisplay: 'exceptZero' }).format(item.reviewResult)

  async function vote(kind: 'LIKE' | 'DISLIKE') {
    const on = kind === 'LIKE' ? item.hasLike : item.hasDislike
    onChange(await likeContact(of, item.name_hash, kind, on ? 'REMOVE' : 'ADD'))
  }

  async function sendReport(complain: boolean) {
    await reportContact({
      of,
      text: LL.contacts.reportReason(),
      firstName: item.firstName,
      lastName: item.lastName,
      nameHash: item.name_hash,
    })
    if (complain) onComplain()
    else openNotice(LL, { modalId: 'contact-report-sent', title: LL.contacts.reportSentTitle(), description: LL.contacts.reportSentText() })
  }

  // A vote and a report share one busy state and one error line.
  const action = useSWRMutation(
    ['contact-name', contactsKey(of)[1], item.name_hash],
    (_key, { arg }: { arg: { vote: 'LIKE' | 'DISLIKE' } | { report: { complain: boolean } } }) =>
      'vote' in arg ? vote(arg.vote) : sendReport(arg.report.complain),
    { throwOnError: false },
  )
  const busy = action.isMutating
  // A new attempt hides the last failure.
  const error = action.error && !busy ? failureText(action.error, LL.contacts.actionError()) : null

  function report() {
    confirmDeleteWithToggle(LL, {
      title: LL.contacts.reportTitle(),
      text: LL.contacts.reportText({ name: name || LL.contacts.noName() }),
      action: LL.contacts.reportConfirm(),
      onDelete: (complain) => action.trigger({ report: { complain } }),
    })
  }

  return (
    <li
      className="flex flex-col gap-2 border-b border-border py-3 last:border-b-0"
      data-testid="contact-name"
      aria-busy={busy || undefined}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p dir="auto" className={cn('break-words text-start font-medium', !name && 'text-muted')} data-testid="contact-name-text">
          {name || LL.contacts.noName()}
        </p>
        <p className="text-sm text-muted">
          <span data-testid="contact-count">{LL.contacts.savedBy({ count: item.count })}</span>
          {' · '}
          <span data-testid="contact-score">{LL.contacts.score({ score })}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={item.hasLike}
          disabled={busy}
          onClick={() => void action.trigger({ vote: 'LIKE' })}
          className={cn(item.hasLike && 'text-success')}
        >
          <IconThumbUp />
          {LL.contacts.like({ count: item.likes })}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={item.hasDislike}
          disabled={busy}
          onClick={() => void action.trigger({ vote: 'DISLIKE' })}
          className={cn(item.hasDislike && 'text-danger')}
        >
          <IconThumbDown />
          {LL.contacts.dislike({ count: item.dislikes })}
        </Button>
        <Button variant="ghost" size="sm" className="ms-auto" disabled={busy} onClick={report}>
          {LL.contacts.report()}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </li>
  )
}
