import { and, asc, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import type { CommunityComment } from '../../../contract/api/community'
import { LIMITS } from '../../../contract/constants'
import { ERROR_CODES } from '../../../contract/errors'
import type { Db } from '../../db/client'
import { comments, numbers, postingBans, reactions, threadReplies, users } from '../../db/schema'
import { AppError, insufficientCoins, notFound } from '../../errors'

type ThreadReply = CommunityComment['thread'][number]
export type CommentOrder = 'interesting' | 'new' | 'old' | 'rating'

const seconds = (d: Date | string | null) => (d ? Math.floor(new Date(d).getTime() / 1000) : null)

/** Refusals for a short coin balance: HTTP 402 with a message the user can act on. */
export const notEnoughCoins = (needed: number, balance: number | null) =>
  insufficientCoins(`Not enough coins: this costs ${needed} and your balance is ${balance ?? 0}. Top up your balance and try again.`)

/** True when the user lost the right to post on the number (DESIGN.md section 5). */
export async function isPostingBanned(db: Db, userId: number, numberId: number): Promise<boolean> {
  const [row] = await db
    .select({ banned: postingBans.banned })
    .from(postingBans)
    .where(and(eq(postingBans.userId, userId), eq(postingBans.numberId, numberId)))
  return Boolean(row?.banned)
}

export async function assertMayPost(db: Db, userId: number, numberId: number): Promise<void> {
  if (await isPostingBanned(db, userId, numberId)) {
    throw new AppError(
      403,
      ERROR_CODES.POSTING_BANNED,
      'You can no longer post on this number: moderators removed your texts here after complaints twice, so you cannot add, edit or reply here any more.',
    )
  }
}

export interface CommentTarget {
  id: number
  numberId: number
  userId: number
  e164: string
  removed: boolean
  hiddenUntil: Date | null
}

/** A comment with the number it is on; null when there is none with that id. */
export async function findComment(db: Db, commentId: number): Promise<CommentTarget | null> {
  const [row] = await db
    .select({
      id: comments.id,
      numberId: comments.numberId,
      userId: comments.userId,
      e164: numbers.e164,
      removedAt: comments.removedAt,
      hiddenUntil: comments.hiddenUntil,
    })
    .from(comments)
    .innerJoin(numbers, eq(numbers.id, comments.numberId))
    .where(eq(comments.id, commentId))
  if (!row) return null
  return { id: row.id, numberId: row.numberId, userId: row.userId, e164: row.e164, removed: row.removedAt !== null, hiddenUntil: row.hiddenUntil }
}

/**
 * A comment the viewer can see: not removed, and not hidden by the number's owner
 * unless the viewer is that owner or the author. 404 otherwise.
 */
export async function visibleComment(db: Db, commentId: number, viewer: { id: number; phone: string }, now = new Date()): Promise<CommentTarget> {
  const c = await findComment(db, commentId)
  const hidden = c?.hiddenUntil && c.hiddenUntil > now && c.userId !== viewer.id && c.e164 !== viewer.phone
  if (!c || c.removed || hidden) throw notFound('No such comment')
  return c
}

const replyColumns = {
  id: threadReplies.id,
  commentId: threadReplies.commentId,
  userId: threadReplies.userId,
  text: threadReplies.text,
  createdAt: threadReplies.createdAt,
  updatedAt: threadReplies.updatedAt,
  likes: threadReplies.likes,
  dislikes: threadReplies.dislikes,
  commentUps: threadReplies.commentUps,
  firstName: users.firstName,
  lastName: users.lastName,
}
type ReplyRow = {
  id: number
  commentId: number
  userId: number
  text: string
  createdAt: Date
  updatedAt: Date | null
  likes: number
  dislikes: number
  commentUps: number
  firstName: string | null
  lastName: string | null
}

type Mine = Map<string, Set<string>>
const key = (type: 'comment' | 'thread', id: number) => `${type}:${id}`

async function myReactions(db: Db, viewerId: number, commentIds: number[], replyIds: number[]): Promise<Mine> {
  const mine: Mine = new Map()
  const targets: SQL[] = []
  if (commentIds.length) targets.push(and(eq(reactions.targetType, 'comment'), inArray(reactions.targetId, commentIds))!)
  if (replyIds.length) targets.push(and(eq(reactions.targetType, 'thread'), inArray(reactions.targetId, replyIds))!)
  if (!targets.length) return mine
  const rows = await db
    .select({ targetType: reactions.targetType, targetId: reactions.targetId, kind: reactions.kind })
    .from(reactions)
    .where(and(eq(reactions.userId, viewerId), or(...targets)))
  for (const r of rows) {
    const k = key(r.targetType, r.targetId)
    if (!mine.has(k)) mine.set(k, new Set())
    mine.get(k)!.add(r.kind)
  }
  return mine
}

/** The fields a comment shares with a reply, with the viewer's own reactions on it. */
function toReplyShape(r: Omit<ReplyRow, 'commentId'>, mine: Mine, target: 'comment' | 'thread'): ThreadReply {
  const kinds = mine.get(key(target, r.id))
  return {
    id: r.id,
    profile_id: r.userId,
    text: r.text,
    createdAtTimestamp: seconds(r.createdAt)!,
    updatedAtTimestamp: seconds(r.updatedAt),
    firstName: r.firstName,
    lastName: r.lastName,
    avatar: null,
    likes: r.likes,
    dislikes: r.dislikes,
    commentUps: r.commentUps,
    hasLike: Boolean(kinds?.has('LIKE')),
    hasDislike: Boolean(kinds?.has('DISLIKE')),
    hasCommentUp: Boolean(kinds?.has('COMMENT_UP')),
    hiddenBy: null,
    endDateTimestamp: null,
  }
}

const toReply = (r: ReplyRow, mine: Mine): ThreadReply => toReplyShape(r, mine, 'thread')

const visibleReply = and(isNull(threadReplies.removedAt), isNull(users.deactivatedAt))

/** Replies of one comment, oldest first. */
export async function listReplies(db: Db, commentId: number, viewerId: number, limit: number, offset: number) {
  const where = and(eq(threadReplies.commentId, commentId), visibleReply)
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(replyColumns)
      .from(threadReplies)
      .innerJoin(users, eq(users.id, threadReplies.userId))
      .where(where)
      .orderBy(asc(threadReplies.createdAt), asc(threadReplies.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(threadReplies).innerJoin(users, eq(users.id, threadReplies.userId)).where(where),
  ])
  const mine = await myReactions(db, viewerId, [], rows.map((r) => r.id))
  return { items: rows.map((r) => toReply(r as ReplyRow, mine)), total }
}

/** The visible comments of a number in the asked order, each with its first replies. */
export async function listComments(
  db: Db,
  args: { numberId: number; viewerId: number; viewerIsOwner: boolean; order: CommentOrder; limit: number; offset: number; now?: Date },
): Promise<{ items: CommunityComment[]; total: number }> {
  const now = args.now ?? new Date()
  const visible = and(
    eq(comments.numberId, args.numberId),
    isNull(comments.removedAt),
    isNull(users.deactivatedAt),
    args.viewerIsOwner
      ? undefined
      : or(isNull(comments.hiddenUntil), lte(comments.hiddenUntil, now), eq(comments.userId, args.viewerId)),
  )
  const score = sql`${comments.likes} - ${comments.dislikes}`
  const order: Record<CommentOrder, SQL[]> = {
    interesting: [desc(comments.commentUps), desc(score), desc(comments.createdAt), desc(comments.id)],
    new: [desc(comments.createdAt), desc(comments.id)],
    old: [asc(comments.createdAt), asc(comments.id)],
    rating: [desc(score), desc(comments.likes), desc(comments.createdAt), desc(comments.id)],
  }
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: comments.id,
        userId: comments.userId,
        text: comments.text,
        createdAt: comments.createdAt,
        updatedAt: comments.updatedAt,
        likes: comments.likes,
        dislikes: comments.dislikes,
        commentUps: comments.commentUps,
        pinned: comments.pinned,
        hiddenBy: comments.hiddenBy,
        hiddenUntil: comments.hiddenUntil,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(visible)
      .orderBy(desc(comments.pinned), ...order[args.order])
      .limit(args.limit)
      .offset(args.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(comments).innerJoin(users, eq(users.id, comments.userId)).where(visible),
  ])
  const ids = rows.map((r) => r.id)
  let replies: Array<ReplyRow & { rn: number }> = []
  let counts: Array<{ commentId: number; n: number }> = []
  if (ids.length) {
    const ranked = db
      .select({ ...replyColumns, rn: sql<number>`row_number() over (partition by ${threadReplies.commentId} order by ${threadReplies.createdAt}, ${threadReplies.id})`.as('rn') })
      .from(threadReplies)
      .innerJoin(users, eq(users.id, threadReplies.userId))
      .where(and(inArray(threadReplies.commentId, ids), visibleReply))
      .as('ranked')
    ;[replies, counts] = await Promise.all([
      db
        .select()
        .from(ranked)
        .where(lte(ranked.rn, LIMITS.threadPageLimit))
        .orderBy(asc(ranked.commentId), asc(ranked.rn)) as unknown as Promise<Array<ReplyRow & { rn: number }>>,
      db
        .select({ commentId: threadReplies.commentId, n: sql<number>`count(*)::int` })
        .from(threadReplies)
        .innerJoin(users, eq(users.id, threadReplies.userId))
        .where(and(inArray(threadReplies.commentId, ids), visibleReply))
        .groupBy(threadReplies.commentId),
    ])
  }
  const mine = await myReactions(db, args.viewerId, ids, replies.map((r) => r.id))
  const items = rows.map((r): CommunityComment => {
    const hiddenNow = r.hiddenUntil && r.hiddenUntil > now
    return {
      ...toReplyShape(r, mine, 'comment'),
      thread_count: counts.find((c) => c.commentId === r.id)?.n ?? 0,
      thread: replies.filter((x) => x.commentId === r.id).map((x) => toReply(x, mine)),
      hiddenBy: hiddenNow ? r.hiddenBy : null,
      endDateTimestamp: hiddenNow ? seconds(r.hiddenUntil) : null,
      pinned: r.pinned,
    }
  })
  return { items, total }
}

/** Deletes the reactions on a comment and on its replies (reactions have no foreign key). */
export async function deleteReactionsOfComment(db: Db, commentId: number): Promise<void> {
  await db.delete(reactions).where(
    or(
      and(eq(reactions.targetType, 'comment'), eq(reactions.targetId, commentId)),
      and(
        eq(reactions.targetType, 'thread'),
        inArray(reactions.targetId, db.select({ id: threadReplies.id }).from(threadReplies).where(eq(threadReplies.commentId, commentId))),
      ),
    ),
  )
}

/** Shared by the like route: recount likes and dislikes of a target from its reaction rows. */
export function likeCounts(targetType: 'comment' | 'thread', targetId: number) {
  const count = (kind: 'LIKE' | 'DISLIKE') =>
    sql<number>`(select count(*)::int from ${reactions} where ${reactions.targetType} = ${targetType} and ${reactions.targetId} = ${targetId} and ${reactions.kind} = ${kind})`
  return { likes: count('LIKE'), dislikes: count('DISLIKE') }
}
