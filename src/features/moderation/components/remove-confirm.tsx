import { useId } from 'react'
import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'

interface Props {
  /** What is asked: removing a text, or a name. */
  question: string
  /** Why the text goes: kept in the item's log for the other moderators. */
  reason: string
  onReasonChange: (reason: string) => void
  busy: boolean
  onRemove: () => void
  onCancel: () => void
}

/** Asks before a text is removed, with an optional reason. */
export function RemoveConfirm({ question, reason, onReasonChange, busy, onRemove, onCancel }: Props) {
  const { LL } = useI18nContext()
  const reasonId = useId()
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-danger p-3">
      <p className="text-sm text-fg">{question}</p>
      <label htmlFor={reasonId} className="text-sm text-muted">
        {LL.moderation.reasonLabel()}
      </label>
      <Input
        id={reasonId}
        value={reason}
        maxLength={2000}
        dir="auto"
        onChange={(e) => onReasonChange(e.target.value)}
        className="h-9 text-sm"
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="danger" size="sm" disabled={busy} aria-busy={busy || undefined} onClick={onRemove} autoFocus>
          {busy ? LL.moderation.working() : LL.moderation.removeYes()}
        </Button>
        <Button variant="ghost" size="sm" disabled={busy} onClick={onCancel}>
          {LL.moderation.cancel()}
        </Button>
      </div>
    </div>
  )
}
