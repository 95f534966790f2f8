import { useState } from 'react'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { CommunityComment } from '@contract/api/community'
import { LIMITS } from '@contract/constants'
import { IconEyeOff, IconPin } from '@/components/ui/action-icons'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { TextForm } from '@/components/ui/text-form'
import { failureText } from '@/lib/failure-text'
import { notifyAttention } from '@/stores/notification'
import { addReply } from '../api/add-reply'
import { pinComment } from '../api/pin-comment'
import type { HideFlows } from '../hide-flows'
import { useSendOrLearnBan } from '../learn-ban'
import { postingBannedText } from '../posting-banned'
import { CommentBody } from './comment-body'
import { CommentUpButton } from './comment-up'
import { HiddenNotice } from './hidden-notice'
import { Reactions } from './reactions'
import { ReplyThread } from './reply-thread'
import { ReportButton } from './report-button'
import { useReplies } from './use-replies'

interface CommentItemProps {
  comment: CommunityComment
  mine: boolean
  viewerId: number
  /** The viewer owns the number: pin, hide and stop hiding. */
  owner: boolean
  /** The viewer may not post on the number (a posting ban): no reply form, no editing (the card says why). */
  postingBanned?: boolean
  hideFlows: HideFlows
  onEdit: () => void
  onDelete: () => void
  /** After a reply, a pin, a hide, a comment-up: the list changes. */
  onChanged: () => void | Promise<void>
}

/** A comment: its text, hidden state, actions, its thread of replies and the reply form. */
export function CommentItem({
  comment,
  mine,
  viewerId,
  owner,
  postingBanned = false,
  hideFlows,
  onEdit,
  onDelete,
  onChanged,
}: CommentItemProps) {
  const { LL } = useI18nContext()
  const [error, setError] = useState<string | null>(null)
  const [replying, setReplying] = useState(false)
  const replies = useReplies(comment)
  const sendOrLearnBan = useSendOrLearnBan()
  const hidden = comment.hiddenBy !== null && comment.endDateTimestamp !== null

  async function reply(text: string) {
    await sendOrLearnBan(() => addReply(comment.id, text))
    setReplying(false)
    replies.setExpanded(true)
    await replies.reload()
    await onChanged()
    notifyAttention(LL.comments.replyPosted())
  }

  const pin = useSWRMutation(
    ['pin-comment', comment.id],
    async () => {
      await pinComment(comment.id, !comment.pinned)
      await onChanged()
    },
    { throwOnError: false, onError: (e) => setError(failureText(e, LL.comments.actionError())) },
  )
  const pinning = pin.isMutating

  function togglePin() {
    setError(null)
    void pin.trigger()
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
    <li
      className="flex flex-col gap-3 border-b border-border pb-4 last:border-b-0 last:pb-0"
      data-testid="comment"
      data-comment-id={comment.id}
      data-pinned={comment.pinned || undefined}
    >
      <CommentBody item={comment} mine={mine} badges={badges} />
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
        {!postingBanned && (
          <Button variant="ghost" size="sm" aria-expanded={replying} onClick={() => setReplying((r) => !r)}>
            {LL.comments.reply()}
          </Button>
        )}
        {owner && (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={comment.pinned}
            disabled={pinning}
            aria-busy={pinning || undefined}
            onClick={togglePin}
          >
            <IconPin />
            {comment.pinned ? LL.commentMoney.unpin() : LL.commentMoney.pin()}
          </Button>
        )}
        {mine ? (
          <>
            {!postingBanned && (
              <Button variant="ghost" size="sm" onClick={onEdit}>
                {LL.comments.edit()}
              </Button>
            )}
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
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <ReplyThread
        replies={replies}
        viewerId={viewerId}
        postingBanned={postingBanned}
        onDeleted={onChanged}
        onComplain={hideFlows.complainReply}
      />
      {replying && !postingBanned && (
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
