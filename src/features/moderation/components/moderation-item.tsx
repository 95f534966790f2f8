import { useId, useState } from 'react'
import { useI18nContext } from '@i18n/i18n-react'
import type { ModerationLogEntry, ModerationQueueItem } from '@contract/api/community'
import { LIMITS } from '@contract/constants'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { ltr } from '@/components/ui/phone-text'
import { phone } from '@/lib/phone'
import { TextForm } from '@/components/ui/text-form'
import { failureText } from '@/lib/failure-text'
import { editText } from '../api/edit-text'
import { removeText, type TextTarget } from '../api/remove-text'
import { resolveCase } from '../api/resolve-case'
import { formatDate } from '@/lib/format'

type LL = ReturnType<typeof useI18nContext>['LL']

/** What happened, for the page's status line; `gone` when the item leaves the list it was in. */
export interface Outcome {
  message: string
  gone: boolean
}

function useDate() {
  const { locale } = useI18nContext()
  return (seconds: number) => formatDate(locale, new Date(seconds * 1000))
}

export function kindLabel(LL: LL, kind: ModerationQueueItem['kind']) {
  return kind === 'report' ? LL.moderation.report() : LL.moderation.complaint()
}

function targetLabel(LL: LL, type: string) {
  switch (type) {
    case 'comment':
      return LL.moderation.targetComment()
    case 'thread':
      return LL.moderation.targetThread()
    case 'contact':
      return LL.moderation.targetContact()
    default:
      return LL.moderation.targetProfile()
  }
}

function sender(LL: LL, item: ModerationQueueItem) {
  const { profileId, name, email } = item.reporter
  if (item.kind === 'report' || name === null || email === null) return profileId === null ? null : LL.moderation.userNumber({ id: profileId })
  return profileId === null ? LL.moderation.fromAnonymous({ name, email }) : LL.moderation.fromUser({ name, email, id: profileId })
}

function logLine(LL: LL, entry: ModerationLogEntry) {
  const id = entry.moderatorId
  if (entry.action === 'remove') return entry.reason ? LL.moderation.logRemoveReason({ id, reason: entry.reason }) : LL.moderation.logRemove({ id })
  if (entry.action === 'edit') return LL.moderation.logEdit({ id })
  return entry.status === 'rejected' ? LL.moderation.logRejected({ id }) : LL.moderation.logResolved({ id })
}

/** A name a complaint about a contact or profile is about, from the complaint's extras. */
function complainedName(item: ModerationQueueItem): string | null {
  const extra = item.extra ?? {}
  const name = [extra.first_name, extra.last_name].filter((v): v is string => typeof v === 'string' && v !== '').join(' ')
  return name || null
}

/**
 * One report or complaint: the reported text as text (never markup), the number it is
 * on, its author and their standing there, what the reporter said, the actions taken;
 * while open, the moderator's actions on it.
 */
export function ModerationItem({ item, onOutcome }: { item: ModerationQueueItem; onOutcome: (outcome: Outcome) => void }) {
  const { LL } = useI18nContext()
  const date = useDate()
  const headingId = useId()
  const [mode, setMode] = useState<'idle' | 'confirmRemove' | 'edit'>('idle')
  /** Why the text goes: kept in the item's log for the other moderators. */
  const [reason, setReason] = useState('')
  const reasonId = useId()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const kind = kindLabel(LL, item.kind)
  const about = { kind: item.kind, id: item.id }
  const target = item.target
  const textTarget: TextTarget | null =
    target && (item.targetType === 'comment' || item.targetType === 'thread') && item.targetId !== null ? { type: item.targetType, id: item.targetId } : null
  const canChangeText = item.status === 'open' && textTarget !== null && target !== null && !target.removed
  const number = target ? ltr(phone.formatInternational(target.phoneNumber)) : null
  const from = sender(LL, item)
  const named = complainedName(item)

  async function run(action: () => Promise<Outcome>) {
    setBusy(true)
    setError(null)
    try {
      const outcome = await action()
      setMode('idle')
      onOutcome(outcome)
    } catch (err) {
      setError(failureText(err, LL.moderation.actionError()))
    } finally {
      setBusy(false)
    }
  }

  const remove = () =>
    run(async () => {
      const result = await removeText(textTarget!, about, reason.trim())
      const args = { number: number!, count: result.removalsAfterComplaint }
      return { message: result.postingBanned ? LL.moderation.removedBanned(args) : LL.moderation.removed(args), gone: true }
    })
  const close = (status: 'resolved' | 'rejected') =>
    run(async () => {
      await resolveCase(about, status)
      return { message: status === 'resolved' ? LL.moderation.resolved({ kind, id: item.id }) : LL.moderation.rejected({ kind, id: item.id }), gone: true }
    })

  return (
    <Card className="flex flex-col gap-4" aria-labelledby={headingId} role="article">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-fg">
          {LL.moderation.itemHeading({ kind, id: item.id })}
        </h2>
        <Badge tone={item.kind === 'complaint' ? 'warning' : 'primary'}>{targetLabel(LL, item.targetType)}</Badge>
        {item.status !== 'open' && item.resolvedAtTimestamp !== null && (
          <Badge tone={item.status === 'resolved' ? 'success' : 'neutral'}>
            {item.status === 'resolved'
              ? LL.moderation.statusResolved({ date: date(item.resolvedAtTimestamp) })
              : LL.moderation.statusRejected({ date: date(item.resolvedAtTimestamp) })}
          </Badge>
        )}
        <span className="ms-auto text-sm text-muted">{LL.moderation.received({ date: date(item.createdAtTimestamp) })}</span>
      </div>

      {target ? (
        <section className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
            <span>{LL.moderation.onNumber({ number: number! })}</span>
            <span>{LL.moderation.author({ name: target.authorName ?? LL.moderation.userNumber({ id: target.authorId }) })}</span>
            {target.removalsAfterComplaint > 0 && <span>{LL.moderation.standing({ count: target.removalsAfterComplaint })}</span>}
            {target.postingBanned && <Badge tone="danger">{LL.moderation.banned()}</Badge>}
          </div>
          <h3 className="flex items-center gap-2 text-sm font-medium text-fg">
            {LL.moderation.reportedText()}
            {target.removed && <Badge tone="danger">{LL.moderation.textRemoved()}</Badge>}
          </h3>
          {mode === 'edit' && textTarget ? (
            <TextForm
              label={LL.moderation.editLabel()}
              initial={target.text}
              max={LIMITS.commentMaxLength}
              submitLabel={LL.moderation.save()}
              pendingLabel={LL.moderation.saving()}
              cancelLabel={LL.moderation.cancel()}
              onCancel={() => setMode('idle')}
              counter={(count, max) => LL.moderation.counter({ count, max })}
              fallbackError={LL.moderation.actionError()}
              autoFocus
              onSubmit={async (text) => {
                await editText(textTarget, text)
                setMode('idle')
                onOutcome({ message: LL.moderation.edited(), gone: false })
              }}
            />
          ) : (
            <p dir="auto" className={`whitespace-pre-wrap break-words rounded-xl bg-surface-2 p-3 text-fg ${target.removed ? 'line-through decoration-muted' : ''}`}>
              {target.text}
            </p>
          )}
        </section>
      ) : (
        <p className="text-sm text-muted">{item.targetType === 'comment' || item.targetType === 'thread' ? LL.moderation.textGone() : LL.moderation.noText()}</p>
      )}

      <section className="flex flex-col gap-1">
        <h3 className="text-sm font-medium text-fg">{item.kind === 'report' ? LL.moderation.reportReason() : LL.moderation.complaintMessage()}</h3>
        {named && <p dir="auto" className="text-sm text-fg">{named}</p>}
        <p dir="auto" className="whitespace-pre-wrap break-words text-fg">
          {item.text || <span className="text-muted">{LL.moderation.noReason()}</span>}
        </p>
        {from && <p className="text-sm text-muted">{LL.moderation.from({ who: from })}</p>}
      </section>

      {item.log.length > 0 && (
        <section className="flex flex-col gap-1">
          <h3 className="text-sm font-medium text-fg">{LL.moderation.log()}</h3>
          <ul className="flex flex-col gap-1 text-sm text-muted">
            {item.log.map((entry) => (
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
      )}

      {error && (
        <p role="alert" className="rounded-xl bg-danger-bg p-3 text-sm text-danger">
          {error}
        </p>
      )}

      {item.status === 'open' && mode === 'confirmRemove' && (
        <div className="flex flex-col gap-2 rounded-xl border border-danger p-3">
          <p className="text-sm text-fg">{LL.moderation.removeConfirm()}</p>
          <label htmlFor={reasonId} className="text-sm text-muted">
            {LL.moderation.reasonLabel()}
          </label>
          <Input id={reasonId} value={reason} maxLength={2000} dir="auto" onChange={(e) => setReason(e.target.value)} className="h-9 text-sm" />
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" size="sm" disabled={busy} aria-busy={busy || undefined} onClick={() => void remove()} autoFocus>
              {busy ? LL.moderation.working() : LL.moderation.removeYes()}
            </Button>
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => setMode('idle')}>
              {LL.moderation.cancel()}
            </Button>
          </div>
        </div>
      )}

      {item.status === 'open' && mode === 'idle' && (
        <div className="flex flex-wrap gap-2">
          {canChangeText && (
            <>
              <Button variant="danger" size="sm" disabled={busy} onClick={() => setMode('confirmRemove')}>
                {LL.moderation.remove()}
              </Button>
              <Button variant="secondary" size="sm" disabled={busy} onClick={() => setMode('edit')}>
                {LL.moderation.edit()}
              </Button>
            </>
          )}
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => void close('resolved')}>
            {LL.moderation.resolve()}
          </Button>
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => void close('rejected')}>
            {LL.moderation.reject()}
          </Button>
        </div>
      )}
    </Card>
  )
}
