import { useId, useState } from 'react'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { ModerationQueueItem } from '@contract/api/community'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { failureText } from '@/lib/failure-text'
import { editText } from '../api/edit-text'
import { removeText, type TextTarget } from '../api/remove-text'
import { resolveCase } from '../api/resolve-case'
import { kindLabel, targetLabel, targetNumber } from '../moderation-labels'
import { ModerationLog } from './moderation-log'
import { RemoveConfirm } from './remove-confirm'
import { ReportedBy } from './reported-by'
import { ReportedText } from './reported-text'
import { useDate } from './use-date'

/** What happened, for the page's status line; `gone` when the item leaves the list it was in. */
export interface Outcome {
  message: string
  gone: boolean
}

/** The comment, reply or contact name an item is about, when its text is there to remove or edit. */
function textTargetOf(item: ModerationQueueItem): TextTarget | null {
  if (!item.target) return null
  if ((item.targetType === 'comment' || item.targetType === 'thread') && item.targetId !== null)
    return { type: item.targetType, id: item.targetId }
  const nameHash = item.extra?.name_hash
  if (item.targetType === 'contact' && typeof nameHash === 'string') return { type: 'contact', phone: item.target.phoneNumber, nameHash }
  return null
}

/**
 * One report or complaint: the reported text, what the reporter said, the actions
 * taken; while open, the moderator's actions on it.
 */
export function ModerationItem({ item, onOutcome }: { item: ModerationQueueItem; onOutcome: (outcome: Outcome) => void }) {
  const { LL } = useI18nContext()
  const date = useDate()
  const headingId = useId()
  const [mode, setMode] = useState<'idle' | 'confirmRemove' | 'edit'>('idle')
  const [reason, setReason] = useState('')
  const kind = kindLabel(LL, item.kind)
  const about = { kind: item.kind, id: item.id }
  const textTarget = textTargetOf(item)
  const canChangeText = item.status === 'open' && textTarget !== null && !item.target!.removed
  const isName = textTarget?.type === 'contact'

  async function remove(): Promise<Outcome> {
    const result = await removeText(textTarget!, about, reason.trim())
    if (isName) return { message: LL.moderation.nameRemoved({ number: targetNumber(item)! }), gone: true }
    const args = { number: targetNumber(item)!, count: result.removalsAfterComplaint }
    return { message: result.postingBanned ? LL.moderation.removedBanned(args) : LL.moderation.removed(args), gone: true }
  }

  async function close(status: 'resolved' | 'rejected'): Promise<Outcome> {
    await resolveCase(about, status)
    return {
      message: status === 'resolved' ? LL.moderation.resolved({ kind, id: item.id }) : LL.moderation.rejected({ kind, id: item.id }),
      gone: true,
    }
  }

  // Removing and closing share one busy state and one error line.
  const act = useSWRMutation(
    ['moderate', item.kind, item.id],
    (_key, { arg }: { arg: 'remove' | 'resolved' | 'rejected' }) => (arg === 'remove' ? remove() : close(arg)),
    {
      throwOnError: false,
      onSuccess: (outcome) => {
        setMode('idle')
        onOutcome(outcome)
      },
    },
  )
  const busy = act.isMutating
  // A new attempt hides the last failure.
  const error = act.error && !busy ? failureText(act.error, LL.moderation.actionError()) : null
  async function saveEdit(text: string) {
    await editText(textTarget!, text)
    setMode('idle')
    onOutcome({ message: LL.moderation.edited(), gone: false })
  }

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

      <ReportedText item={item} editing={mode === 'edit' && textTarget !== null} onCancelEdit={() => setMode('idle')} onSave={saveEdit} />
      <ReportedBy item={item} />
      <ModerationLog log={item.log} />

      {error && (
        <p role="alert" className="rounded-xl bg-danger-bg p-3 text-sm text-danger">
          {error}
        </p>
      )}

      {item.status === 'open' && mode === 'confirmRemove' && (
        <RemoveConfirm
          question={isName ? LL.moderation.removeNameConfirm() : LL.moderation.removeConfirm()}
          reason={reason}
          onReasonChange={setReason}
          busy={busy}
          onRemove={() => void act.trigger('remove')}
          onCancel={() => setMode('idle')}
        />
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
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => void act.trigger('resolved')}>
            {LL.moderation.resolve()}
          </Button>
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => void act.trigger('rejected')}>
            {LL.moderation.reject()}
          </Button>
        </div>
      )}
    </Card>
  )
}
