import { and, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { CommunityComment } from '../../../contract/api/community'
import { LIMITS } from '../../../contract/constants'
import { ERROR_CODES } from '../../../contract/errors'
import type { Db, Param } from '../../db/client'
import { jsonValue, rowsOf } from '../../db/client'
import { comments, commentSubscriptions, numbers, postingBans, reactions, threadReplies, users } from '../../db/schema'
import { AppError, notFound } from '../../errors'
import { excerpt, notify, notifyNumberOwner } from '../notifications/repository'
import { deleteReactionsOfComment, deleteReactionsOfReply } from './reaction-repository'

type ThreadReply = CommunityComment['thread'][number]
export type CommentOrder = 'interesting' | 'new' | 'old' | 'rating'

/** True when the user lost the right to post on the number (DESIGN.md section 5). */
export async function isPostingBanned(db: Db, userId: number, numberId: number): Promise<boolean> {
  const [row] = await db
    .select({ banned: postingBans.banned })
    .from(postingBans)
    .where(and(eq(postingBans.userId, userId), eq(postingBans.numberId, numberId)))
  return Boolean(row?.banned)
}

/** 403 POSTING_BANNED when the user lost the right to post on the number: for every text they can put there (issue 29). */
export async function assertMayPost(db: Db, userId: number, numberId: number): Promise<void> {
  if (await isPostingBanned(db, userId, numberId)) {
    throw new AppError(
      403,
      ERROR_CODES.POSTING_BANNED,
      'You can no longer post on this number: moderators removed your texts here after complaints twice, so you cannot add or edit comments, replies or name suggestions here any more.',
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
  return {
    id: row.id,
    numberId: row.numberId,
    userId: row.userId,
    e164: row.e164,
    removed: row.removedAt !== null,
    hiddenUntil: row.hiddenUntil,
  }
}

/**
 * A comment the viewer can see: not removed, and not hidden by the number's owner
 * unless the viewer is that owner or the author. 404 otherwise.
 */
export async function visibleComment(
  db: Db,
  commentId: number,
  viewer: { id: number; phone: string },
  now = new Date(),
): Promise<CommentTarget> {
  const c = await findComment(db, commentId)
  const hidden = c?.hiddenUntil && c.hiddenUntil > now && c.userId !== viewer.id && c.e164 !== viewer.phone
  if (!c || c.removed || hidden) throw notFound('No such comment')
  return c
}

const epoch = (col: SQL) => sql`floor(extract(epoch from ${col}))::bigint`

/** The viewer's own reactions (LIKE, DISLIKE, COMMENT_UP) on one comment or reply, as a JSON array. */
const myKinds = (viewerId: Param<number>, targetType: 'comment' | 'thread', targetId: SQL) =>
  sql`coalesce((select json_agg(distinct r.kind) from ${reactions} r
    where r.user_id = ${viewerId} and r.target_type = ${targetType} and r.target_id = ${targetId}), '[]'::json)`

/** Visible replies: not removed, author not deactivated. Aliases: tr (reply), tu (its author). */
const visibleReplies = sql`${threadReplies} tr join ${users} tu on tu.id = tr.user_id and tu.deactivated_at is null where tr.removed_at is null`

const replyJson = (viewerId: Param<number>) => sql`json_build_object(
  'id', tr.id, 'userId', tr.user_id, 'text', tr.text, 'createdAt', ${epoch(sql`tr.created_at`)}, 'updatedAt', ${epoch(sql`tr.updated_at`)},
  'likes', tr.likes, 'dislikes', tr.dislikes, 'commentUps', tr.comment_ups, 'firstName', tu.first_name, 'lastName', tu.last_name,
  'kinds', ${myKinds(viewerId, 'thread', sql`tr.id`)})`

/**
 * SQL: one comment as JSON for `viewerId`, with its counts, the viewer's own reactions,
 * how many visible replies it has and its first LIMITS.threadPageLimit of them. It reads
 * the comment from `"comments"` and its author from `"users"` in the enclosing FROM;
 * `commentFromJson` turns the result into the API shape. The comment list and the
 * number page both build comments with it, inside their single statements.
 */
export function commentJson(viewerId: Param<number>): SQL {
  return sql`json_build_object(
    'id', ${comments.id}, 'userId', ${comments.userId}, 'text', ${comments.text},
    'createdAt', ${epoch(sql`${comments.createdAt}`)}, 'updatedAt', ${epoch(sql`${comments.updatedAt}`)},
    'likes', ${comments.likes}, 'dislikes', ${comments.dislikes}, 'commentUps', ${comments.commentUps},
    'firstName', ${users.firstName}, 'lastName', ${users.lastName},
    'pinned', ${comments.pinned}, 'hiddenBy', ${comments.hiddenBy}, 'hiddenUntil', ${epoch(sql`${comments.hiddenUntil}`)},
    'hideRenews', (select cs.auto_renew from ${commentSubscriptions} cs where cs.comment_id = ${comments.id} and cs.user_id = ${viewerId} and cs.status in ('active', 'cancelled')),
    'kinds', ${myKinds(viewerId, 'comment', sql`${comments.id}`)},
    'threadCount', (select count(*)::int from ${visibleReplies} and tr.comment_id = ${comments.id}),
    'thread', (select coalesce(json_agg(x.j order by x.created_at, x.id), '[]'::json) from (
      select ${replyJson(viewerId)} as j, tr.created_at, tr.id from ${visibleReplies} and tr.comment_id = ${comments.id}
      order by tr.created_at, tr.id limit ${LIMITS.threadPageLimit}) x))`
}

interface ReplyJson {
  id: number
  userId: number
  text: string
  createdAt: number
  updatedAt: number | null
  likes: number
  dislikes: number
  commentUps: number
  firstName: string | null
  lastName: string | null
  kinds: Array<'LIKE' | 'DISLIKE' | 'COMMENT_UP'>
}

/** What `commentJson` builds. */
export interface CommentJson extends ReplyJson {
  pinned: boolean
  hiddenBy: number | null
  /** Unix seconds; the review is hidden while this is in the future. */
  hiddenUntil: number | null
  /** The viewer's own hiding of this review, if any: does it renew. */
  hideRenews: boolean | null
  threadCount: number
  thread: ReplyJson[]
}

function replyFromJson(r: ReplyJson): ThreadReply {
  return {
    id: r.id,
    profile_id: r.userId,
    text: r.text,
    createdAtTimestamp: Number(r.createdAt),
    updatedAtTimestamp: r.updatedAt === null ? null : Number(r.updatedAt),
    firstName: r.firstName,
    lastName: r.lastName,
    avatar: null,
    likes: r.likes,
    dislikes: r.dislikes,
    commentUps: r.commentUps,
    hasLike: r.kinds.includes('LIKE'),
    hasDislike: r.kinds.includes('DISLIKE'),
    hasCommentUp: r.kinds.includes('COMMENT_UP'),
    hiddenBy: null,
    endDateTimestamp: null,
  }
}

/** A comment in the API shape; `hiddenBy` and `endDateTimestamp` only while the paid hiding runs. */
export function commentFromJson(c: CommentJson, now = Date.now()): CommunityComment {
  const hiddenNow = c.hiddenUntil !== null && Number(c.hiddenUntil) * 1000 > now
  // Written out rather than spread from the reply: a page builds dozens of these per search.
  return {
    id: c.id,
    profile_id: c.userId,
    text: c.text,
    createdAtTimestamp: Number(c.createdAt),
    updatedAtTimestamp: c.updatedAt === null ? null : Number(c.updatedAt),
    firstName: c.firstName,
    lastName: c.lastName,
    avatar: null,
    likes: c.likes,
    dislikes: c.dislikes,
    commentUps: c.commentUps,
    hasLike: c.kinds.includes('LIKE'),
    hasDislike: c.kinds.includes('DISLIKE'),
    hasCommentUp: c.kinds.includes('COMMENT_UP'),
    hiddenBy: hiddenNow ? c.hiddenBy : null,
    endDateTimestamp: hiddenNow ? Number(c.hiddenUntil) : null,
    thread_count: c.threadCount,
    thread: c.thread.map(replyFromJson),
    pinned: c.pinned,
    hideRenews: hiddenNow ? (c.hideRenews ?? null) : null,
  }
}

/** Replies of one comment, oldest first. */
export async function listReplies(db: Db, commentId: number, viewerId: number, limit: number, offset: number) {
  const result = await db.execute(sql`select json_build_object(
    'items', (select coalesce(json_agg(x.j order by x.created_at, x.id), '[]'::json) from (
      select ${replyJson(viewerId)} as j, tr.created_at, tr.id from ${visibleReplies} and tr.comment_id = ${commentId}
      order by tr.created_at, tr.id limit ${limit} offset ${offset}) x),
    'total', (select count(*)::int from ${visibleReplies} and tr.comment_id = ${commentId})) as page`)
  const page = jsonValue(rowsOf<{ page: { items: ReplyJson[]; total: number } | string }>(result)[0].page)
  return { items: page.items.map(replyFromJson), total: page.total }
}

const commentOrders: Record<CommentOrder, SQL> = {
  interesting: sql`${comments.commentUps} desc, ${comments.likes} - ${comments.dislikes} desc, ${comments.createdAt} desc, ${comments.id} desc`,
  new: sql`${comments.createdAt} desc, ${comments.id} desc`,
  old: sql`${comments.createdAt} asc, ${comments.id} asc`,
  rating: sql`${comments.likes} - ${comments.dislikes} desc, ${comments.likes} desc, ${comments.createdAt} desc, ${comments.id} desc`,
}

/** The visible comments of a number in the asked order, each with its first replies: one statement. */
export async function listComments(
  db: Db,
  args: { numberId: number; viewerId: number; viewerIsOwner: boolean; order: CommentOrder; limit: number; offset: number; now?: Date },
): Promise<{ items: CommunityComment[]; total: number }> {
  const now = args.now ?? new Date()
  const visible = sql`from ${comments} join ${users} on ${users.id} = ${comments.userId} and ${users.deactivatedAt} is null
    where ${comments.numberId} = ${args.numberId} and ${comments.removedAt} is null
    ${args.viewerIsOwner ? sql`` : sql`and (${comments.hiddenUntil} is null or ${comments.hiddenUntil} <= ${now.toISOString()}::timestamptz or ${comments.userId} = ${args.viewerId})`}`
  const result = await db.execute(sql`select json_build_object(
    'items', (select coalesce(json_agg(x.j order by x.n), '[]'::json) from (
      select ${commentJson(args.viewerId)} as j, row_number() over (order by ${comments.pinned} desc, ${commentOrders[args.order]}) as n
      ${visible}
      order by ${comments.pinned} desc, ${commentOrders[args.order]}
      limit ${args.limit} offset ${args.offset}) x),
    'total', (select count(*)::int ${visible})) as page`)
  const page = jsonValue(rowsOf<{ page: { items: CommentJson[]; total: number } | string }>(result)[0].page)
  return { items: page.items.map((c) => commentFromJson(c, now.getTime())), total: page.total }
}

/**
 * The user's comment on a number: one per user and number, so saving again edits it (and
 * brings a removed one back). A new comment (not an edit) notifies the number's owner.
 */
export async function saveComment(db: Db, userId: number, numberId: number, text: string): Promise<{ id: number; created: boolean }> {
  const now = new Date()
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({ numberId, userId, text })
      .onConflictDoUpdate({
        target: [comments.userId, comments.numberId],
        set: { text, updatedAt: now, removedAt: null, removedBy: null },
      })
      .returning({ id: comments.id, created: sql<boolean>`(xmax = 0)` })
    const created = Boolean(row.created)
    if (created)
      await notifyNumberOwner(tx, numberId, { kind: 'newNotice', actorId: userId, refKey: String(row.id), data: { text: excerpt(text) } })
    return { id: row.id, created }
  })
}

/** Deletes the user's comment on a number with the reactions on it and its replies; its id, null when there was none. */
export async function deleteOwnComment(db: Db, userId: number, numberId: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.userId, userId), eq(comments.numberId, numberId)))
      .for('update')
    if (!mine) return null
    await deleteReactionsOfComment(tx, mine.id)
    await tx.delete(comments).where(eq(comments.id, mine.id))
    return mine.id
  })
}

/** Pins (or unpins) a comment; pinning unpins the number's other comments. */
export async function pinComment(db: Db, numberId: number, commentId: number, pin: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    if (pin)
      await tx
        .update(comments)
        .set({ pinned: false })
        .where(and(eq(comments.numberId, numberId), eq(comments.pinned, true)))
    await tx.update(comments).set({ pinned: pin }).where(eq(comments.id, commentId))
  })
}

/** Adds a reply in a comment's thread and notifies the comment's author. */
export async function addReply(db: Db, commentId: number, userId: number, text: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(threadReplies).values({ commentId, userId, text }).returning({ id: threadReplies.id })
    const [c] = await tx.select({ userId: comments.userId, numberId: comments.numberId }).from(comments).where(eq(comments.id, commentId))
    await notify(tx, {
      userId: c.userId,
      kind: 'reply',
      numberId: c.numberId,
      actorId: userId,
      refKey: String(row.id),
      data: { text: excerpt(text) },
    })
    return row.id
  })
}

/** A reply that is not removed, with its comment's number and whether that comment is removed; null when there is none. */
export async function findReply(db: Db, replyId: number) {
  const [row] = await db
    .select({
      id: threadReplies.id,
      commentId: threadReplies.commentId,
      userId: threadReplies.userId,
      numberId: comments.numberId,
      commentRemovedAt: comments.removedAt,
    })
    .from(threadReplies)
    .innerJoin(comments, eq(comments.id, threadReplies.commentId))
    .where(and(eq(threadReplies.id, replyId), isNull(threadReplies.removedAt)))
  return row
    ? { id: row.id, commentId: row.commentId, userId: row.userId, numberId: row.numberId, commentRemoved: row.commentRemovedAt !== null }
    : null
}

export async function editReply(db: Db, replyId: number, text: string): Promise<void> {
  await db.update(threadReplies).set({ text, updatedAt: new Date() }).where(eq(threadReplies.id, replyId))
}

/** Deletes a reply with the reactions on it. */
export async function deleteReply(db: Db, replyId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteReactionsOfReply(tx, replyId)
    await tx.delete(threadReplies).where(eq(threadReplies.id, replyId))
  })
}
