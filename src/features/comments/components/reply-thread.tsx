import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { ReplyItem } from './reply-item'
import type { HideFlows } from '../hide-flows'
import type { useReplies } from './use-replies'

interface Props {
  replies: ReturnType<typeof useReplies>
  viewerId: number
  /** A reply was deleted: the comment's count on the list changes too. */
  onDeleted: () => void | Promise<void>
  /** A reply's Hide button: a complaint about it. */
  onComplain: HideFlows['complainReply']
  /** The viewer may not post on the number (a posting ban): their own replies are not offered for editing. */
  postingBanned?: boolean
}

/** A comment's replies behind a show/hide toggle, a page at a time. */
export function ReplyThread({ replies, viewerId, onDeleted, onComplain, postingBanned = false }: Props) {
  const { LL } = useI18nContext()

  async function changed(deleted = false) {
    await replies.reload()
    if (deleted) await onDeleted()
  }

  return (
    <>
      {replies.count > 0 && (
        <Button
          variant="link"
          size="sm"
          className="self-start"
          aria-expanded={replies.expanded}
          onClick={() => replies.setExpanded((e) => !e)}
        >
          {replies.expanded ? LL.comments.hideReplies() : LL.comments.showReplies({ count: replies.count })}
        </Button>
      )}
      {replies.loading && <Spinner label={LL.app.loading()} />}
      {replies.error && (
        <p role="alert" className="text-sm text-danger">
          {LL.comments.actionError()}
        </p>
      )}
      {replies.shown.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label={LL.comments.replies({ count: replies.count })}>
          {replies.shown.map((r) => (
            <ReplyItem
              key={r.id}
              reply={r}
              viewerId={viewerId}
              postingBanned={postingBanned}
              onChanged={changed}
              onComplain={() => onComplain(r)}
            />
          ))}
        </ul>
      )}
      {replies.hasMore && (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          disabled={replies.loadingMore}
          aria-busy={replies.loadingMore || undefined}
          onClick={() => void replies.loadMore()}
        >
          {replies.loadingMore ? LL.app.loading() : LL.commentMoney.moreReplies()}
        </Button>
      )}
    </>
  )
}
