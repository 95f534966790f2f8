import type { COMMENT_ORDERS } from '@contract/api/community'
import { answerSchema, api } from '@/lib/api'

export type CommentOrder = (typeof COMMENT_ORDERS)[number]

/**
 * The card's pages and its orders, the first one shown first. The orders are the contract's
 * `COMMENT_ORDERS`, written again: importing that value would load the contract's schemas (ADR 0032).
 */
export const COMMENTS_PAGE = 10
export const COMMENT_ORDERS_SHOWN: CommentOrder[] = ['interesting', 'new', 'old', 'rating']

/** GET /api/v7/comment/list: one page of a number's comments. */
export async function listComments(phone: string, order: CommentOrder, offset: number, limit: number) {
  return (
    await api.get('/api/v7/comment/list', { phone, order_by: order, offset, limit }, answerSchema('community', 'commentListResponse'))
  ).data
}

/** How long a first page asked for ahead stays good to show: the card is usually scrolled to in seconds. */
const AHEAD_MS = 30_000
const ahead = new Map<string, { at: number; answer: ReturnType<typeof listComments> }>()
const aheadKey = (phone: string, order: CommentOrder, limit: number) => `${phone}|${order}|${limit}`

/**
 * Asks for a number's first page of comments ahead, while its card waits below the screen
 * (ADR 0041): scrolled to, the card shows the reviews without a round trip more. Once per
 * number while the answer is fresh.
 */
export function listCommentsAhead(phone: string, order: CommentOrder, limit: number): void {
  const key = aheadKey(phone, order, limit)
  const kept = ahead.get(key)
  if (kept && Date.now() - kept.at < AHEAD_MS) return
  const answer = listComments(phone, order, 0, limit)
  // A failed one is forgotten; the card then asks again itself.
  answer.catch(() => ahead.delete(key))
  ahead.set(key, { at: Date.now(), answer })
}

/** `listComments`, answered by a fresh page asked for ahead when there is one; each is used once. */
export function listCommentsOrAhead(phone: string, order: CommentOrder, offset: number, limit: number) {
  if (offset === 0) {
    const key = aheadKey(phone, order, limit)
    const kept = ahead.get(key)
    ahead.delete(key)
    if (kept && Date.now() - kept.at < AHEAD_MS) return kept.answer
  }
  return listComments(phone, order, offset, limit)
}

/** The first page the comments' card shows first, asked for while the card still waits below the screen (ADR 0041). */
export function prefetchComments(phone: string): void {
  listCommentsAhead(phone, COMMENT_ORDERS_SHOWN[0], COMMENTS_PAGE)
}
