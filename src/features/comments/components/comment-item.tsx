import { useState } from 'react'
import useSWR from 'swr'
import { useI18nContext } from '@i18n/i18n-react'
import type { CommunityComment } from '@contract/api/community'
import { LIMITS } from '@contract/constants'
import type { Comment } from '@contract/api/number-profile'
import { Avatar } from '@/components/ui/avatar'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { notifyAttention } from '@/stores/notification'
import { addReply } from '../api/add-reply'
import { listReplies } from '../api/list-replies'
import { ReportButton } from './comment-actions'
import { CommentDate } from './comment-date'
import { Reactions } from './reactions'
import { TextForm } from './text-form'

type Reply = Comment['thread'][number]

function authorName(p: { firstName: string | null; lastName: string | null }): string | null {
  return [p.firstName, p.lastName].filter(Boolean).join(' ') || null
}

/** Author, date and the text as plain text (React escapes it; line breaks kept). */
function Body({ item, mine, textId = 'comment-text' }: { item: Reply; mine: boolean; textId?: string }) {
  const { LL } = useI18nContext()
  const name = authorName(item) ?? LL.comments.anonymous()
  return (
    <>
      <div className="flex items-center gap-3">
        <Avatar name={name} src={item.avatar} size={36} />
        <div className="flex min-w-0 flex-col">
          <span className="flex flex-wrap items-center gap-2 font-medium text-fg">
            <span className="truncate" dir="auto" data-testid="comment-author">{name}</span>
            {mine && <Badge tone="primary">{LL.comments.you()}</Badge>}
          </span>
          <span className="flex flex-wrap items-center gap-2">
            <CommentDate seconds={item.createdAtTimestamp} />
            {item.updatedAtTimestamp !== null && item.updatedAtTimestamp !== item.createdAtTimestamp && (
              <span className="text-sm text-muted">· {LL.comments.edited()}</span>
            )}
          </span>
        </div>
      </div>
      <p dir="auto" className="whitespace-pre-line break-words text-start text-fg" data-testid={textId}>
        {item.text}
      </p>
    </>
  )
}

function ReplyItem({ reply, viewerId }: { reply: Reply; viewerId: number }) {
  const [error, setError] = useState<string | null>(null)
  const { LL } = useI18nContext()
  const mine = viewerId > 0 && reply.profile_id === viewerId
  return (
    <li className="flex flex-col gap-2 border-s-2 border-border ps-4" data-testid="reply">
      <Body item={reply} mine={mine} textId="reply-text" />
      <div className="flex flex-wrap items-center gap-1">
        <Reactions target={{ thread_id: reply.id }} counts={reply} onError={() => setError(LL.comments.actionError())} />
        {!mine && <ReportButton target={{ thread_id: reply.id }} onError={setError} />}
      </div>
      {error && <p role="alert" className="text-sm text-danger">{error}</p>}
    </li>
  )
}

interface CommentItemProps {
  comment: CommunityComment
  mine: boolean
  viewerId: number
  onEdit: () => void
  onDelete: () => void
  /** After a reply: the list's thread counts change. */
  onReplied: () => void
}

export function CommentItem({ comment, mine, viewerId, onEdit, onDelete, onReplied }: CommentItemProps) {
  const { LL } = useI18nContext()
  const [error, setError] = useState<string | null>(null)
  const [expanded, setExpanded] = useState(false)
  const [replying, setReplying] = useState(false)
  const replies = useSWR(expanded ? ['replies', comment.id] : null, () => listReplies(comment.id))
  const shown = expanded ? (replies.data?.items ?? comment.thread) : []
  const count = replies.data?.total ?? comment.thread_count

  async function reply(text: string) {
    await addReply(comment.id, text)
    setReplying(false)
    setExpanded(true)
    await replies.mutate()
    onReplied()
    notifyAttention(LL.comments.replyPosted())
  }

  return (
    <li className="flex flex-col gap-3 border-b border-border pb-4 last:border-b-0 last:pb-0" data-testid="comment" data-comment-id={comment.id}>
      <Body item={comment} mine={mine} />
      <div className="flex flex-wrap items-center gap-1" data-testid="comment-actions">
        <Reactions target={{ comment_id: comment.id }} counts={comment} onError={() => setError(LL.comments.actionError())} />
        <Button variant="ghost" size="sm" aria-expanded={replying} onClick={() => setReplying((r) => !r)}>
          {LL.comments.reply()}
        </Button>
        {mine ? (
          <>
            <Button variant="ghost" size="sm" onClick={onEdit}>
              {LL.comments.edit()}
            </Button>
            <Button variant="ghost" size="sm" className="text-danger" onClick={onDelete}>
              {LL.comments.delete()}
            </Button>
          </>
        ) : (
          <ReportButton target={{ comment_id: comment.id }} onError={setError} />
        )}
      </div>
      {error && <p role="alert" className="text-sm text-danger">{error}</p>}
      {count > 0 && (
        <Button variant="link" size="sm" className="self-start" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {expanded ? LL.comments.hideReplies() : LL.comments.showReplies({ count })}
        </Button>
      )}
      {expanded && replies.isLoading && <Spinner label={LL.app.loading()} />}
      {expanded && replies.error && <p role="alert" className="text-sm text-danger">{LL.comments.actionError()}</p>}
      {shown.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label={LL.comments.replies({ count })}>
          {shown.map((r) => (
            <ReplyItem key={r.id} reply={r} viewerId={viewerId} />
          ))}
        </ul>
      )}
      {replying && (
        <TextForm
          label={LL.comments.replyLabel()}
          max={LIMITS.commentMaxLength}
          rows={2}
          submitLabel={LL.comments.replySend()}
          pendingLabel={LL.comments.posting()}
          counter={(c, max) => LL.comments.counter({ count: c, max })}
          fallbackError={LL.comments.actionError()}
          onSubmit={reply}
          cancelLabel={LL.comments.cancelEdit()}
          onCancel={() => setReplying(false)}
          reset
          autoFocus
          className="ps-4"
        />
      )}
    </li>
  )
}
