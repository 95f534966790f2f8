import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { CountryCode } from 'libphonenumber-js'
import {
  commentAddBody,
  commentAddResponse,
  commentDeleteBody,
  commentListQuery,
  commentListResponse,
  commentPinBody,
  commentPinResponse,
  likeBody,
  likeResponse,
  okStatus,
  threadAddBody,
  threadAddResponse,
  threadDeleteBody,
  threadEditBody,
  threadListQuery,
  threadListResponse,
} from '../../../contract/api/community'
import { ERROR_CODES } from '../../../contract/errors'
import type { NormalizedPhone } from '../../../contract/phone'
import type { Db } from '../../db/client'
import { comments, reactions, threadReplies } from '../../db/schema'
import { badRequest, forbidden, notFound } from '../../errors'
import { currentUser, type AuthUser } from '../../plugins/auth'
import { balanceOf, notEnoughCoins, spendCoins } from '../coins/ledger'
import { findNumber, upsertNumber } from '../numbers/repository'
import {
  assertMayPost,
  deleteReactionsOfComment,
  likeCounts,
  listComments,
  listReplies,
  visibleComment,
} from './repository'

export async function commentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { preHandler: app.requireUser }
  const tags = ['comments']

  /** A number typed by the user, read with the user's own region. */
  function readPhone(user: AuthUser, input: string): NormalizedPhone {
    const region = (app.phone.normalize(user.phone)?.country ?? null) as CountryCode | null
    const phone = app.phone.normalize(input, region)
    if (!phone) throw badRequest('phone is not a valid phone number', ERROR_CODES.NUMBER_INVALID)
    return phone
  }

  r.get('/api/v7/comment/list', {
    ...auth,
    schema: {
      tags,
      summary: 'Comments of a number. interesting = comment-ups first, then likes minus dislikes, then newest; a pinned comment comes first.',
      querystring: commentListQuery,
      response: { 200: commentListResponse },
    },
  }, async (request) => {
    const user = currentUser(request)
    const phone = readPhone(user, request.query.phone)
    const numberId = await findNumber(app.db, phone.e164)
    if (numberId === null) return { status: true as const, data: { items: [], total: 0 } }
    const data = await listComments(app.db, {
      numberId,
      viewerId: user.id,
      viewerIsOwner: user.phone === phone.e164,
      order: request.query.order_by,
      limit: request.query.limit,
      offset: request.query.offset,
    })
    return { status: true as const, data }
  })

  r.post('/api/v7/comment/add', {
    ...auth,
    schema: {
      tags,
      summary: 'Add your comment on a number; one per user and number, so adding again edits it and returns the same id',
      body: commentAddBody,
      response: { 200: commentAddResponse },
    },
  }, async (request) => {
    const user = currentUser(request)
    const phone = readPhone(user, request.body.phone)
    const numberId = await upsertNumber(app.db, phone.e164, phone.country)
    await assertMayPost(app.db, user.id, numberId)
    const now = new Date()
    const [row] = await app.db
      .insert(comments)
      .values({ numberId, userId: user.id, text: request.body.text })
      .onConflictDoUpdate({
        target: [comments.userId, comments.numberId],
        set: { text: request.body.text, updatedAt: now, removedAt: null, removedBy: null },
      })
      .returning({ id: comments.id, created: sql<boolean>`(xmax = 0)` })
    return { status: true as const, data: { id: row.id, created: Boolean(row.created) } }
  })

  r.post('/api/v6/comment/delete', {
    ...auth,
    schema: { tags, summary: 'Delete your own comment on a number, with its replies', body: commentDeleteBody, response: { 200: okStatus } },
  }, async (request) => {
    const user = currentUser(request)
    const phone = readPhone(user, request.body.phone)
    const numberId = await findNumber(app.db, phone.e164)
    const deleted = numberId === null ? null : await app.db.transaction(async (tx) => {
      const [mine] = await tx
        .select({ id: comments.id })
        .from(comments)
        .where(and(eq(comments.userId, user.id), eq(comments.numberId, numberId)))
        .for('update')
      if (!mine) return null
      await deleteReactionsOfComment(tx, mine.id)
      await tx.delete(comments).where(eq(comments.id, mine.id))
      return mine.id
    })
    if (deleted === null) throw notFound('You have no comment on this number')
    return { status: true as const }
  })

  r.post('/api/v6/comment/pin', {
    ...auth,
    schema: { tags, summary: 'Pin a comment on your own number (unpins the others); pin=0 unpins', body: commentPinBody, response: { 200: commentPinResponse } },
  }, async (request) => {
    const user = currentUser(request)
    const c = await visibleComment(app.db, request.body.comment_id, user)
    if (c.e164 !== user.phone) throw forbidden('Only the owner of the number can pin its comments')
    const pin = request.body.pin
    await app.db.transaction(async (tx) => {
      if (pin) await tx.update(comments).set({ pinned: false }).where(and(eq(comments.numberId, c.numberId), eq(comments.pinned, true)))
      await tx.update(comments).set({ pinned: pin }).where(eq(comments.id, c.id))
    })
    return { status: true as const, data: { comment_id: c.id, pinned: pin } }
  })

  // ---------- thread replies ----------

  r.get('/api/v13/comment/thread/list', {
    ...auth,
    schema: { tags, summary: 'Replies in the thread of a comment, oldest first', querystring: threadListQuery, response: { 200: threadListResponse } },
  }, async (request) => {
    const user = currentUser(request)
    const c = await visibleComment(app.db, request.query.comment_id, user)
    if (request.query.phone !== undefined && readPhone(user, request.query.phone).e164 !== c.e164) {
      throw notFound('That comment is not on this number')
    }
    const data = await listReplies(app.db, c.id, user.id, request.query.limit, request.query.offset)
    return { status: true as const, data }
  })

  r.post('/api/v13/comment/thread/add', {
    ...auth,
    schema: { tags, summary: 'Reply in the thread of a comment', body: threadAddBody, response: { 200: threadAddResponse } },
  }, async (request) => {
    const user = currentUser(request)
    const c = await visibleComment(app.db, request.body.reply_to, user)
    await assertMayPost(app.db, user.id, c.numberId)
    const [row] = await app.db
      .insert(threadReplies)
      .values({ commentId: c.id, userId: user.id, text: request.body.text })
      .returning({ id: threadReplies.id })
    return { status: true as const, data: { id: row.id } }
  })

  /** A reply the caller wrote: 404 when there is none, 403 when someone else wrote it. */
  async function ownReply(db: Db, user: AuthUser, threadId: number) {
    const [row] = await db
      .select({ id: threadReplies.id, userId: threadReplies.userId, numberId: comments.numberId })
      .from(threadReplies)
      .innerJoin(comments, eq(comments.id, threadReplies.commentId))
      .where(and(eq(threadReplies.id, threadId), isNull(threadReplies.removedAt), isNull(comments.removedAt)))
    if (!row) throw notFound('No such reply')
    if (row.userId !== user.id) throw forbidden('You can only change your own replies')
    return row
  }

  r.post('/api/v13/comment/thread/edit', {
    ...auth,
    schema: { tags, summary: 'Edit your own reply', body: threadEditBody, response: { 200: okStatus } },
  }, async (request) => {
    const user = currentUser(request)
    const reply = await ownReply(app.db, user, request.body.thread_id)
    await assertMayPost(app.db, user.id, reply.numberId)
    await app.db.update(threadReplies).set({ text: request.body.text, updatedAt: new Date() }).where(eq(threadReplies.id, reply.id))
    return { status: true as const }
  })

  r.post('/api/v13/comment/thread/delete', {
    ...auth,
    schema: { tags, summary: 'Delete your own reply', body: threadDeleteBody, response: { 200: okStatus } },
  }, async (request) => {
    const user = currentUser(request)
    const reply = await ownReply(app.db, user, request.body.thread_id)
    await app.db.transaction(async (tx) => {
      await tx.delete(reactions).where(and(eq(reactions.targetType, 'thread'), eq(reactions.targetId, reply.id)))
      await tx.delete(threadReplies).where(eq(threadReplies.id, reply.id))
    })
    return { status: true as const }
  })

  // ---------- reactions ----------

  r.post('/api/v11/comment/like', {
    ...auth,
    schema: {
      tags,
      summary: 'Like, dislike or comment-up a comment (or a reply with thread_id). A comment-up spends comment_up_count coins; 402 when the balance is short.',
      body: likeBody,
      response: { 200: likeResponse },
    },
  }, async (request) => {
    const user = currentUser(request)
    const body = request.body
    const targetType = body.thread_id !== undefined ? ('thread' as const) : ('comment' as const)
    let targetId: number
    if (targetType === 'thread') {
      const [reply] = await app.db
        .select({ id: threadReplies.id, commentId: threadReplies.commentId })
        .from(threadReplies)
        .where(and(eq(threadReplies.id, body.thread_id!), isNull(threadReplies.removedAt)))
      if (!reply) throw notFound('No such reply')
      await visibleComment(app.db, reply.commentId, user)
      targetId = reply.id
    } else {
      targetId = (await visibleComment(app.db, body.comment_id!, user)).id
    }
    if (body.like_type === 'COMMENT_UP' && body.action_type === 'REMOVE') throw badRequest('A comment-up cannot be taken back')
    const table = targetType === 'thread' ? threadReplies : comments
    const counters = { likes: table.likes, dislikes: table.dislikes, commentUps: table.commentUps }

    const result = await app.db.transaction(async (tx) => {
      // Lock the target first (then the user's balance): every writer takes the locks in this order.
      const [locked] = await tx.select({ id: table.id }).from(table).where(and(eq(table.id, targetId), isNull(table.removedAt))).for('update')
      if (!locked) throw notFound(targetType === 'thread' ? 'No such reply' : 'No such comment')
      const mine = and(eq(reactions.userId, user.id), eq(reactions.targetType, targetType), eq(reactions.targetId, targetId))
      let balance: number | null = null
      if (body.like_type === 'COMMENT_UP') {
        const amount = body.comment_up_count
        balance = await spendCoins(tx, user.id, amount, 'comment_up', `${targetType}:${targetId}:${randomUUID()}`)
        if (balance === null) throw notEnoughCoins(amount, await balanceOf(tx, user.id))
        await tx.insert(reactions).values({ userId: user.id, targetType, targetId, kind: 'COMMENT_UP', amount })
        const [row] = await tx
          .update(table)
          .set({ commentUps: sql`${table.commentUps} + ${amount}` })
          .where(eq(table.id, targetId))
          .returning(counters)
        return { row, balance }
      }
      if (body.action_type === 'ADD') {
        await tx.delete(reactions).where(and(mine, inArray(reactions.kind, ['LIKE', 'DISLIKE'])))
        await tx.insert(reactions).values({ userId: user.id, targetType, targetId, kind: body.like_type })
      } else {
        await tx.delete(reactions).where(and(mine, eq(reactions.kind, body.like_type)))
      }
      const [row] = await tx.update(table).set(likeCounts(targetType, targetId)).where(eq(table.id, targetId)).returning(counters)
      return { row, balance }
    })
    const kinds = new Set(
      (
        await app.db
          .select({ kind: reactions.kind })
          .from(reactions)
          .where(and(eq(reactions.userId, user.id), eq(reactions.targetType, targetType), eq(reactions.targetId, targetId)))
      ).map((k) => k.kind),
    )
    return {
      status: true as const,
      data: {
        ...result.row,
        hasLike: kinds.has('LIKE'),
        hasDislike: kinds.has('DISLIKE'),
        hasCommentUp: kinds.has('COMMENT_UP'),
        balance: result.balance,
      },
    }
  })
}
