import { useState } from 'react'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import { LIMITS } from '@contract/constants'
import type { Comment } from '@contract/api/number-profile'
import { confirmDeleteWithSubtext } from '@/components/modals/delete-confirmations'
import { IconEyeOff } from '@/components/ui/action-icons'
import { Button } from '@/components/ui/button'
import { TextForm } from '@/components/ui/text-form'
import { failureText } from '@/lib/failure-text'
import { deleteReply } from '../api/delete-reply'
import { editReply } from '../api/edit-reply'
import { useSendOrLearnBan } from '../learn-ban'
import { postingBannedText } from '../posting-banned'
import { CommentBody } from './comment-body'
import { CommentUpButton } from './comment-up'
import { Reactions } from './reactions'
import { ReportButton } from './report-button'

type Reply = Comment['thread'][number]

interface ReplyItemProps {
  reply: Reply
  viewerId: number
  onChanged: (deleted?: boolean) => Promise<void>
  /** Hide: anyone may complain about any text (SPEC.md section 1); a reply is never hidden for coins. */
  onComplain: () => void
  /** The viewer may not post on the number (a posting ban): no Edit for their own reply (deleting it stays). */
  postingBanned?: boolean
}

/** One reply: its text (or the editor for the viewer's own), reactions, and edit and delete, or up, report and hide. */
export function ReplyItem({ reply, viewerId, onChanged, onComplain, postingBanned = false }: ReplyItemProps) {
  const [error, setError] = useState<string | null>(null)
  const [editing, setEditing] = useState(false)
  const { LL } = useI18nContext()
  const sendOrLearnBan = useSendOrLearnBan()
  const mine = viewerId > 0 && reply.profile_id === viewerId
  // A ban learned while editing (the edit was refused) closes the editor: the card says why.
  const editorOpen = editing && !postingBanned

  async function save(text: string) {
    await sendOrLearnBan(() => editReply(reply.id, text))
    setEditing(false)
    await onChanged()
  }

  const deletion = useSWRMutation(
    ['delete-reply', reply.id],
    async ([, id]: [string, number]) => {
      await deleteReply(id)
      await onChanged(true)
    },
    { throwOnError: false, onError: (e) => setError(failureText(e, LL.comments.actionError())) },
  )

  function remove() {
    confirmDeleteWithSubtext(LL, {
      title: LL.commentMoney.deleteReplyTitle(),
      subtext: LL.commentMoney.deleteReplySubtext(),
      onDelete: () => {
        setError(null)
        return deletion.trigger()
      },
    })
  }

  return (
    <li className="flex flex-col gap-2 border-s-2 border-border ps-4" data-testid="reply" data-reply-id={reply.id}>
      {editorOpen ? (
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
        <CommentBody item={reply} mine={mine} textId="reply-text" />
      )}
      <div className="flex flex-wrap items-center gap-1" data-testid="reply-actions">
        <Reactions target={{ thread_id: reply.id }} counts={reply} onError={() => setError(LL.comments.actionError())} />
        {mine ? (
          !editorOpen && (
            <>
              {!postingBanned && (
                <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                  {LL.comments.edit()}
                </Button>
              )}
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
            <Button variant="ghost" size="sm" onClick={onComplain}>
              <IconEyeOff />
              {LL.commentMoney.hide()}
            </Button>
          </>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </li>
  )
}
