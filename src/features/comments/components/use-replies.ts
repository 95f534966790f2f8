import { useState } from 'react'
import useSWRInfinite from 'swr/infinite'
import type { CommunityComment } from '@contract/api/community'
import { LIMITS } from '@contract/constants'
import { listReplies } from '../api/list-replies'

/** Replies load in pages of 4 (SPEC.md section 9). */
export const REPLY_PAGE = LIMITS.threadPageLimit

/**
 * A comment's thread, folded until expanded: then its replies load a page at a time;
 * until the first page is there, the replies the comment came with are shown.
 */
export function useReplies(comment: CommunityComment) {
  const [expanded, setExpanded] = useState(false)
  const replies = useSWRInfinite(
    (i, prev: Awaited<ReturnType<typeof listReplies>> | null) =>
      !expanded || (prev && i * REPLY_PAGE >= prev.total) ? null : ['replies', comment.id, i],
    ([, id, i]: [string, number, number]) => listReplies(id, i * REPLY_PAGE, REPLY_PAGE),
    { revalidateFirstPage: false },
  )
  const pages = replies.data ?? []
  const shown = expanded ? (replies.data ? pages.flatMap((p) => p.items) : comment.thread) : []
  const count = pages[0]?.total ?? comment.thread_count
  return {
    expanded,
    setExpanded,
    shown,
    /** All replies, as the latest page counts them. */
    count,
    /** The first page is on its way. */
    loading: expanded && !replies.data && replies.isLoading,
    error: expanded ? replies.error : undefined,
    /** Pages are loading and more replies remain than are shown. */
    hasMore: expanded && replies.data !== undefined && shown.length < count,
    loadingMore: replies.isValidating && replies.size > pages.length,
    loadMore: () => replies.setSize(replies.size + 1),
    reload: () => replies.mutate(),
  }
}
