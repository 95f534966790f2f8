import { useI18nContext } from '@i18n/i18n-react'
import type { ModerationQueueItem } from '@contract/api/community'
import { LIMITS } from '@contract/constants'
import { Badge } from '@/components/ui/badge'
import { TextForm } from '@/components/ui/text-form'
import { targetNumber } from '../moderation-labels'

interface Props {
  item: ModerationQueueItem
  /** The moderator is editing the text. */
  editing: boolean
  onCancelEdit: () => void
  onSave: (text: string) => Promise<void>
}

/**
 * The reported text as text (never markup), the number it is on, its author and their
 * standing there; a contact name has no single author.
 */
export function ReportedText({ item, editing, onCancelEdit, onSave }: Props) {
  const { LL } = useI18nContext()
  const target = item.target
  if (!target) {
    return (
      <p className="text-sm text-muted">
        {item.targetType === 'comment' || item.targetType === 'thread' || item.targetType === 'contact'
          ? LL.moderation.textGone()
          : LL.moderation.noText()}
      </p>
    )
  }
  const isName = item.targetType === 'contact'
  return (
    <section className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
        <span>{LL.moderation.onNumber({ number: targetNumber(item)! })}</span>
        {target.authorId !== null && (
          <span>{LL.moderation.author({ name: target.authorName ?? LL.moderation.userNumber({ id: target.authorId }) })}</span>
        )}
        {target.removalsAfterComplaint > 0 && <span>{LL.moderation.standing({ count: target.removalsAfterComplaint })}</span>}
        {target.postingBanned && <Badge tone="danger">{LL.moderation.banned()}</Badge>}
      </div>
      <h3 className="flex items-center gap-2 text-sm font-medium text-fg">
        {isName ? LL.moderation.reportedName() : LL.moderation.reportedText()}
        {target.removed && <Badge tone="danger">{LL.moderation.textRemoved()}</Badge>}
      </h3>
      {editing ? (
        <TextForm
          label={LL.moderation.editLabel()}
          initial={target.text}
          max={isName ? LIMITS.nameMaxLength : LIMITS.commentMaxLength}
          submitLabel={LL.moderation.save()}
          pendingLabel={LL.moderation.saving()}
          cancelLabel={LL.moderation.cancel()}
          onCancel={onCancelEdit}
          counter={(count, max) => LL.moderation.counter({ count, max })}
          fallbackError={LL.moderation.actionError()}
          autoFocus
          onSubmit={onSave}
        />
      ) : (
        <p
          dir="auto"
          className={`whitespace-pre-wrap break-words rounded-xl bg-surface-2 p-3 text-fg ${target.removed ? 'line-through decoration-muted' : ''}`}
        >
          {target.text}
        </p>
      )}
    </section>
  )
}
