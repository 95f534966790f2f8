import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import useSWRInfinite from 'swr/infinite'
import { useI18nContext } from '@i18n/i18n-react'
import type { CommunityComment } from '@contract/api/community'
import { LIMITS } from '@contract/constants'
import type { Comment } from '@contract/api/number-profile'
import { Avatar } from '@/components/ui/avatar'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { confirmDeleteWithSubtext } from '@/components/modals/delete-confirmations'
import { notifyAttention } from '@/stores/notification'
import { addReply } from '../api/add-reply'
import { deleteReply } from '../api/delete-reply'
import { editReply } from '../api/edit-reply'
import { listReplies } from '../api/list-replies'
import { pinComment } from '../api/pin-comment'
import type { HideFlows } from '../hide-flows'
import { isPostingBanned } from '../posting-banned'
import { ReportButton } from './comment-actions'
import { CommentDate } from './comment-date'
import { CommentUpButton } from './comment-up'
import { IconEyeOff, IconPin } from '@/components/ui/action-icons'
import { Reactions } from './reactions'
import { TextForm } from '@/components/ui/text-form'
import { failureText } from '@/lib/failure-text'
import { formatDate } from '@/lib/format'

type Reply = Comment['thread'][number]
type LLType = ReturnType<typeof useI18nContext>['LL']

/** Replies load in pages of 4 (SPEC.md section 9). */
export const REPLY_PAGE = LIMITS.threadPageLimit

function authorName(p: { firstName: string | null; lastName: string | null }): string | null {
  return [p.firstName, p.lastName].filter(Boolean).join(' ') || null
}

/** The posting-ban message (DESIGN.md section 5) for a refused text; null for other failures. */
export const postingBannedText = (LL: LLType) => (error: unknown) => (isPostingBanned(error) ? LL.comments.postingBanned() : null)

function useDay() {
  const { locale } = useI18nContext()
  return (seconds: number) => formatDate(locale, new Date(seconds * 1000), { dateStyle: 'medium' })
}

/** Author, date and the text as plain text (React escapes it; line breaks kept). */
function Body({ item, mine, textId = 'comment-text', badges }: { item: Reply; mine: boolean; textId?: string; badges?: ReactNode }) {
  const { LL } = useI18nContext()
  const name = authorName(item) ?? LL.comments.anonymous()
  return (
    <>
      <div className="flex items-center gap-3">
        <Avatar name={name} src={item.avatar} size={36} />
        <div className="flex min-w-0 flex-col">
          <span className="flex flex-wrap items-center gap-2 font-medium text-fg">
            {item.profile_id > 0 ? (
              // The author's own profile page (SPEC.md section 2, source FROM_COMMENTS).
              <Link to="/profile/$profileId" params={{ profileId: String(item.profile_id) }} className="truncate hover:underline" dir="auto" data-testid="comment-author">
                {name}
              </Link>
            ) : (
              <span className="truncate" dir="auto" data-testid="comment-author">{name}</span>
            )}
            {mine && <Badge tone="primary">{LL.comments.you()}</Badge>}
            {badges}
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

function ReplyItem({ reply, viewerId, onChanged }: { reply: Reply; viewerId: number; onChanged: (deleted?: boolean) => Promise<void> }) {
  const [error, setError] = useState<string | null>(null)
  const [editing, setEditing] = useState(false)
  const { LL } = useI18nContext()
  const mine = viewerId > 0 && reply.profile_id === viewerId

  async function save(text: string) {
    await editReply(reply.id, text)
    setEditing(false)
    await onChanged()
  }

  function remove() {
    confirmDeleteWithSubtext(LL, {
      title: LL.commentMoney.deleteReplyTitle(),
      subtext: LL.commentMoney.deleteReplySubtext(),
      onDelete: async () => {
        setError(null)
        try {
          await deleteReply(reply.id)
          await onChanged(true)
        } catch (e) {
          setError(failureText(e, LL.comments.actionError()))
        }
      },
    })
  }

  return (
    <li className="flex flex-col gap-2 border-s-2 border-border ps-4" data-testid="reply" data-reply-id={reply.id}>
      {editing ? (
        <TextForm
          label={LL.commentMoney.editReplyLabel()}
          initial={reply.text}
          max={LIMITS.commentMaxLength}
          rows={2}
          submitLabel={LL.comments.save()}
          pendingLabel={LL.comments.posting()}
          counter={(c, max) => LL.comments.counter({ count: c, max })}
          fallbackError={LL.comments.actionError()}
          describeError={postingBannedText(LL)}
          onSubmit={save}
          cancelLabel={LL.comments.cancelEdit()}
          onCancel={() => setEditing(false)}
          autoFocus
        />
      ) : (
        <Body item={reply} mine={mine} textId="reply-text" />
      )}
      <div className="flex flex-wrap items-center gap-1" data-testid="reply-actions">
        <Reactions target={{ thread_id: reply.id }} counts={reply} onError={() => setError(LL.comments.actionError())} />
        {mine ? (
          !editing && (
            <>
              <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                {LL.comments.edit()}
              </Button>
              <Button variant="ghost" size="sm" className="text-danger" onClick={remove}>
                {LL.comments.delete()}
              </Button>
            </>
          )
        ) : (
          <>
            <CommentUpButton
              target={{ thread_id: reply.id }}
              count={reply.commentUps}
              pressed={reply.hasCommentUp}
              onUpped={() => onChanged()}
              onError={() => setError(LL.comments.actionError())}
            />
            <ReportButton target={{ thread_id: reply.id }} onError={setError} />
          </>
        )}
      </div>
      {error && <p role="alert" className="text-sm text-danger">{error}</p>}
    </li>
  )
}

interface CommentItemProps {
  comment: CommunityComment
  mine: boolean
  viewerId: number
  /** The viewer owns the number: pin, hide and stop hiding. */
  owner: boolean
  hideFlows: HideFlows
  onEdit: () => void
  onDelete: () => void
  /** After a reply, a pin, a hide, a comment-up: the list changes. */
  onChanged: () => void | Promise<void>
}

/** The review's hidden state: the owner sees until when and can stop the renewal; the author is told. */
function HiddenNotice({ comment, owner, mine, stopHiding, onError }: { comment: CommunityComment; owner: boolean; mine: boolean; stopHiding: HideFlows['stopHiding']; onError: (m: string) => void }) {
  const { LL } = useI18nContext()
  const day = useDay()
  const [stopped, setStopped] = useState(false)
  const [pending, setPending] = useState(false)
  const until = comment.endDateTimestamp
  if (comment.hiddenBy === null || until === null || (!owner && !mine)) return null
  const date = day(until)

  async function stop() {
    setPending(true)
    try {
      await stopHiding(comment.id)
      setStopped(true)
    } catch (e) {
      onError(failureText(e, LL.comments.actionError()))
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2 rounded-xl bg-surface-2 px-3 py-2 text-sm text-fg" data-testid="hidden-notice">
      <IconEyeOff />
      {owner ? (
        <>
          <span>{LL.commentMoney.hiddenUntil({ date })}</span>
          {stopped || comment.hideRenews === false ? (
            <span role="status">{LL.commentMoney.stopHidingDone({ date })}</span>
          ) : (
            <Button variant="secondary" size="sm" disabled={pending} aria-busy={pending || undefined} onClick={() => void stop()}>
              {LL.commentMoney.stopHiding()}
            </Button>
          )}
        </>
      ) : (
        <span>{LL.commentMoney.hiddenForOthers({ date })}</span>
      )}
    </div>
  )
}

export function CommentItem({ comment, mine, viewerId, owner, hideFlows, onEdit, onDelete, onChanged }: CommentItemProps) {
  const { LL } = useI18nContext()
  const [error, setError] = useState<string | null>(null)
  const [expanded, setExpanded] = useState(false)
  const [replying, setReplying] = useState(false)
  const [pinning, setPinning] = useState(false)
  const replies = useSWRInfinite(
    (i, prev: Awaited<ReturnType<typeof listReplies>> | null) => (!expanded || (prev && i * REPLY_PAGE >= prev.total) ? null : ['replies', comment.id, i]),
    ([, id, i]: [string, number, number]) => listReplies(id, i * REPLY_PAGE, REPLY_PAGE),
    { revalidateFirstPage: false },
  )
  const pages = replies.data ?? []
  const loaded = pages.flatMap((p) => p.items)
  const shown = expanded ? (replies.data ? loaded : comment.thread) : []
  const count = pages[0]?.total ?? comment.thread_count
  const loadingMore = replies.isValidating && replies.size > pages.length
  const hidden = comment.hiddenBy !== null && comment.endDateTimestamp !== null

  async function reply(text: string) {
    await addReply(comment.id, text)
    setReplying(false)
    setExpanded(true)
    await replies.mutate()
    await onChanged()
    notifyAttention(LL.comments.replyPosted())
  }

  async function repliesChanged(deleted = false) {
    await replies.mutate()
    if (deleted) await onChanged()
  }

  async function togglePin() {
    setPinning(true)
    setError(null)
    try {
      await pinComment(comment.id, !comment.pinned)
      await onChanged()
    } catch (e) {
      setError(failureText(e, LL.comments.actionError()))
    } finally {
      setPinning(false)
    }
  }

  function hide() {
    if (owner) hideFlows.hideForCoins(comment, onChanged)
    else hideFlows.complain(comment)
  }

  const badges = comment.pinned ? (
    <Badge tone="warning" data-testid="pinned-badge">
      <IconPin />
      {LL.commentMoney.pinned()}
    </Badge>
  ) : null

  return (
    <li className="flex flex-col gap-3 border-b border-border pb-4 last:border-b-0 last:pb-0" data-testid="comment" data-comment-id={comment.id} data-pinned={comment.pinned || undefined}>
      <Body item={comment} mine={mine} badges={badges} />
      <HiddenNotice comment={comment} owner={owner} mine={mine} stopHiding={hideFlows.stopHiding} onError={setError} />
      <div className="flex flex-wrap items-center gap-1" data-testid="comment-actions">
        <Reactions target={{ comment_id: comment.id }} counts={comment} onError={() => setError(LL.comments.actionError())} />
        {!mine && (
          <CommentUpButton
            target={{ comment_id: comment.id }}
            count={comment.commentUps}
            pressed={comment.hasCommentUp}
            onUpped={onChanged}
            onError={() => setError(LL.comments.actionError())}
          />
        )}
        <Button variant="ghost" size="sm" aria-expanded={replying} onClick={() => setReplying((r) => !r)}>
          {LL.comments.reply()}
        </Button>
        {owner && (
          <Button variant="ghost" size="sm" aria-pressed={comment.pinned} disabled={pinning} aria-busy={pinning || undefined} onClick={() => void togglePin()}>
            <IconPin />
            {comment.pinned ? LL.commentMoney.unpin() : LL.commentMoney.pin()}
          </Button>
        )}
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
          <>
            <ReportButton target={{ comment_id: comment.id }} onError={setError} />
            {!(owner && hidden) && (
              <Button variant="ghost" size="sm" onClick={hide}>
                <IconEyeOff />
                {LL.commentMoney.hide()}
              </Button>
            )}
          </>
        )}
      </div>
      {error && <p role="alert" className="text-sm text-danger">{error}</p>}
      {count > 0 && (
        <Button variant="link" size="sm" className="self-start" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {expanded ? LL.comments.hideReplies() : LL.comments.showReplies({ count })}
        </Button>
      )}
      {expanded && !replies.data && replies.isLoading && <Spinner label={LL.app.loading()} />}
      {expanded && replies.error && <p role="alert" className="text-sm text-danger">{LL.comments.actionError()}</p>}
      {shown.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label={LL.comments.replies({ count })}>
          {shown.map((r) => (
            <ReplyItem key={r.id} reply={r} viewerId={viewerId} onChanged={repliesChanged} />
          ))}
        </ul>
      )}
      {expanded && replies.data && shown.length < count && (
        <Button variant="secondary" size="sm" className="self-start" disabled={loadingMore} aria-busy={loadingMore || undefined} onClick={() => void replies.setSize(replies.size + 1)}>
          {loadingMore ? LL.app.loading() : LL.commentMoney.moreReplies()}
        </Button>
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
          describeError={postingBannedText(LL)}
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
