import { useDeferredValue, useEffect, useId, useRef, useState, type RefObject } from 'react'
import { useSnapshot } from 'valtio'
import { useSWRConfig } from 'swr'
import useSWRInfinite from 'swr/infinite'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { CommunityComment } from '@contract/api/community'
import type { NumberProfile } from '@contract/api/number-profile'
import { LIMITS } from '@contract/constants'
import { confirmKeepOrDelete } from '@/components/modals/delete-confirmations'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState, ErrorState } from '@/components/ui/states'
import { useBalance } from '@/lib/use-balance'
import { auth, markFirstComment } from '@/stores/auth'
import { TextForm } from '@/components/ui/text-form'
import { failureText } from '@/lib/failure-text'
import { isNumberPageKey } from '@/lib/page-keys'
import { isNumberOwner } from '@/lib/number-owner'
import { addComment } from '../api/add-comment'
import { deleteComment } from '../api/delete-comment'
import {
  COMMENTS_PAGE as PAGE,
  COMMENT_ORDERS_SHOWN as ORDERS,
  listCommentsOrAhead,
  type listComments,
  type CommentOrder,
} from '../api/list-comments'
import type { HideFlows } from '../hide-flows'
import { useSendOrLearnBan } from '../learn-ban'
import { postingBannedText } from '../posting-banned'
import { CommentItem } from './comment-item'

/** The pinned comment first (SPEC.md section 3 `pinnedComment`), also when the loaded pages lack it. */
export function withPinnedFirst(items: CommunityComment[], pinned: NumberProfile['pinnedComment']): CommunityComment[] {
  const inList = items.some((c) => c.pinned)
  const list =
    pinned && !inList && !items.some((c) => c.id === pinned.id) ? [{ ...pinned, pinned: true, hideRenews: null }, ...items] : items
  return [...list.filter((c) => c.pinned), ...list.filter((c) => !c.pinned)]
}

/**
 * Focus on the reason a ban learned while the page was open (a refused text): the form that had the
 * focus has gone with the ban.
 */
function useFocusOnBan(banned: boolean, note: RefObject<HTMLElement | null>) {
  const before = useRef(banned)
  useEffect(() => {
    const learned = banned && !before.current
    before.current = banned
    if (learned && (!document.activeElement || document.activeElement === document.body)) note.current?.focus()
  }, [banned, note])
}

/** The number's comments: sort order, pages of 10, the viewer's own comment form. */
export function CommentsCard({ data, hideFlows }: { data: NumberProfile; hideFlows: HideFlows }) {
  const { LL } = useI18nContext()
  const { profileId, phoneNumber } = useSnapshot(auth)
  const owner = isNumberOwner(data, { profileId, phoneNumber })
  // The owner's hide options need the balance; fetched once the page shows.
  useBalance(owner)
  const { mutate: revalidate } = useSWRConfig()
  const phone = data.phone.number
  const [order, setOrder] = useState<CommentOrder>('interesting')
  const [editing, setEditing] = useState(false)
  const mine = data.myComment
  // Banned from posting here (moderation): no form, the reason instead (issue 29).
  const banned = data.common.postingBanned
  const bannedNote = useRef<HTMLParagraphElement>(null)
  const sendOrLearnBan = useSendOrLearnBan()
  useFocusOnBan(banned, bannedNote)

  const list = useSWRInfinite(
    (i, prev: Awaited<ReturnType<typeof listComments>> | null) => (prev && prev.items.length < PAGE ? null : ['comments', phone, order, i]),
    ([, p, o, i]: [string, string, CommentOrder, number]) => listCommentsOrAhead(p, o, i * PAGE, PAGE),
  )
  // The list renders in a transition when its pages arrive: ten reviews with their threads are
  // hundreds of elements, rendered in slices instead of one long task on a slow phone (issue 13).
  const shown = useDeferredValue(list.data)
  const pages = shown ?? []
  const items = withPinnedFirst(
    pages.flatMap((p) => p.items),
    data.pinnedComment,
  )
  const total = pages[0]?.total ?? 0
  const loadingMore = list.isValidating && list.size > pages.length

  const orderLabels: Record<CommentOrder, string> = {
    interesting: LL.comments.orderInteresting(),
    new: LL.comments.orderNew(),
    old: LL.comments.orderOld(),
    rating: LL.comments.orderRating(),
  }

  /** The list and the number page (commentsCount, myComment) both change. */
  async function refresh() {
    await Promise.all([list.mutate(), revalidate(isNumberPageKey)])
  }

  async function save(text: string) {
    await sendOrLearnBan(() => addComment(phone, text))
    markFirstComment()
    setEditing(false)
    await refresh()
  }

  const deletion = useSWRMutation(
    ['delete-comment', phone],
    async ([, p]: [string, string]) => {
      await deleteComment(p)
      setEditing(false)
      await refresh()
    },
    { throwOnError: false },
  )
  // A new attempt hides the last failure.
  const error = deletion.error && !deletion.isMutating ? failureText(deletion.error, LL.comments.actionError()) : null

  function remove() {
    confirmKeepOrDelete(LL, { title: LL.comments.deleteTitle(), text: LL.comments.deleteText(), onDelete: () => deletion.trigger() })
  }

  const showForm = !banned && (!mine || editing)
  const headingId = useId()
  const orderId = useId()

  return (
    <Card className="flex flex-col gap-4 wide:col-span-2" role="region" aria-labelledby={headingId} data-testid="comments">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col">
          <CardTitle id={headingId}>{LL.comments.title()}</CardTitle>
          <p className="text-sm text-muted" data-testid="comments-count">
            {LL.number.comments({ count: data.metrics.commentsCount })}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={orderId} className="text-sm text-muted">
            {LL.comments.orderLabel()}
          </label>
          <select
            id={orderId}
            value={order}
            onChange={(e) => setOrder(e.target.value as CommentOrder)}
            className="h-9 rounded-xl border border-input bg-surface px-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-focus"
          >
            {ORDERS.map((o) => (
              <option key={o} value={o}>
                {orderLabels[o]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {banned && (
        <p
          ref={bannedNote}
          tabIndex={-1}
          role="note"
          className="rounded-xl border border-border bg-surface-2 p-3 text-sm text-fg outline-none"
          data-testid="posting-banned"
        >
          {LL.comments.bannedHere()}
        </p>
      )}
      {showForm && (
        <TextForm
          key={`${mine?.id ?? 'new'}-${editing}`}
          label={mine ? LL.comments.editTitle() : LL.comments.addTitle()}
          initial={editing ? (mine?.text ?? '') : ''}
          max={LIMITS.commentMaxLength}
          submitLabel={mine ? LL.comments.save() : LL.comments.post()}
          pendingLabel={LL.comments.posting()}
          counter={(count, max) => LL.comments.counter({ count, max })}
          fallbackError={LL.comments.actionError()}
          describeError={postingBannedText(LL)}
          onSubmit={save}
          cancelLabel={editing ? LL.comments.cancelEdit() : undefined}
          onCancel={editing ? () => setEditing(false) : undefined}
          reset={!mine}
          testId="comment-form"
          autoFocus={editing}
        />
      )}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}

      {list.error && !list.data ? (
        <ErrorState message={LL.comments.error()} retryLabel={LL.app.retry()} onRetry={() => void list.mutate()} />
      ) : !shown ? (
        <Spinner label={LL.app.loading()} className="self-center py-4" />
      ) : items.length === 0 ? (
        <EmptyState title={LL.comments.empty()} />
      ) : (
        <ul className="flex flex-col gap-4" aria-labelledby={headingId}>
          {items.map((c) => {
            const own = c.id === mine?.id || (profileId > 0 && c.profile_id === profileId)
            return (
              <CommentItem
                key={c.id}
                comment={c}
                mine={own}
                viewerId={profileId}
                owner={owner}
                postingBanned={banned}
                hideFlows={hideFlows}
                onEdit={() => setEditing(true)}
                onDelete={remove}
                onChanged={refresh}
              />
            )
          })}
        </ul>
      )}
      {items.length < total && (
        <Button
          variant="secondary"
          className="self-center"
          disabled={loadingMore}
          aria-busy={loadingMore || undefined}
          onClick={() => void list.setSize(list.size + 1)}
        >
          {loadingMore ? LL.app.loading() : LL.comments.showMore()}
        </Button>
      )}
    </Card>
  )
}
