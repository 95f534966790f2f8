import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
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
import { badRequest, forbidden, notFound } from '../../errors'
import { currentUser, type AuthUser } from '../../plugins/auth'
import { findNumber, upsertNumber } from '../numbers/repository'
import { readPhone } from '../profiles/lookup'
import { react, reactionKinds } from './reaction-repository'
import {
  addReply,
  assertMayPost,
  deleteOwnComment,
  deleteReply,
  editReply,
  findReply,
  listComments,
  listReplies,
  pinComment,
  saveComment,
  visibleComment,
} from './repository'

export async function commentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { preHandler: app.requireUser }
  const tags = ['comments']

  r.get(
    '/api/v7/comment/list',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Comments of a number. interesting = comment-ups first, then likes minus dislikes, then newest; a pinned comment comes first.',
        querystring: commentListQuery,
        response: { 200: commentListResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const phone = readPhone(app, user, request.query.phone)
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
    },
  )

  r.post(
    '/api/v7/comment/add',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Add your comment on a number; one per user and number, so adding again edits it and returns the same id',
        body: commentAddBody,
        response: { 200: commentAddResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const phone = readPhone(app, user, request.body.phone)
      const numberId = await upsertNumber(app.db, phone.e164, phone.country)
      await assertMayPost(app.db, user.id, numberId)
      return { status: true as const, data: await saveComment(app.db, user.id, numberId, request.body.text) }
    },
  )

  r.post(
    '/api/v6/comment/delete',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Delete your own comment on a number, with its replies',
        body: commentDeleteBody,
        response: { 200: okStatus },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const phone = readPhone(app, user, request.body.phone)
      const numberId = await findNumber(app.db, phone.e164)
      const deleted = numberId === null ? null : await deleteOwnComment(app.db, user.id, numberId)
      if (deleted === null) throw notFound('You have no comment on this number')
      return { status: true as const }
    },
  )

  r.post(
    '/api/v6/comment/pin',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Pin a comment on your own number (unpins the others); pin=0 unpins',
        body: commentPinBody,
        response: { 200: commentPinResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const c = await visibleComment(app.db, request.body.comment_id, user)
      if (c.e164 !== user.phone) throw forbidden('Only the owner of the number can pin its comments')
      const pin = request.body.pin
      await pinComment(app.db, c.numberId, c.id, pin)
      return { status: true as const, data: { comment_id: c.id, pinned: pin } }
    },
  )

  // ---------- thread replies ----------

  r.get(
    '/api/v13/comment/thread/list',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Replies in the thread of a comment, oldest first',
        querystring: threadListQuery,
        response: { 200: threadListResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const c = await visibleComment(app.db, request.query.comment_id, user)
      if (request.query.phone !== undefined && readPhone(app, user, request.query.phone).e164 !== c.e164) {
        throw notFound('That comment is not on this number')
      }
      const data = await listReplies(app.db, c.id, user.id, request.query.limit, request.query.offset)
      return { status: true as const, data }
    },
  )

  r.post(
    '/api/v13/comment/thread/add',
    {
      ...auth,
      schema: { tags, summary: 'Reply in the thread of a comment', body: threadAddBody, response: { 200: threadAddResponse } },
    },
    async (request) => {
      const user = currentUser(request)
      const c = await visibleComment(app.db, request.body.reply_to, user)
      await assertMayPost(app.db, user.id, c.numberId)
      return { status: true as const, data: { id: await addReply(app.db, c.id, user.id, request.body.text) } }
    },
  )

  /** A reply the caller wrote: 404 when there is none, 403 when someone else wrote it. */
  async function ownReply(user: AuthUser, threadId: number) {
    const row = await findReply(app.db, threadId)
    if (!row || row.commentRemoved) throw notFound('No such reply')
    if (row.userId !== user.id) throw forbidden('You can only change your own replies')
    return row
  }

  r.post(
    '/api/v13/comment/thread/edit',
    {
      ...auth,
      schema: { tags, summary: 'Edit your own reply', body: threadEditBody, response: { 200: okStatus } },
    },
    async (request) => {
      const user = currentUser(request)
      const reply = await ownReply(user, request.body.thread_id)
      await assertMayPost(app.db, user.id, reply.numberId)
      await editReply(app.db, reply.id, request.body.text)
      return { status: true as const }
    },
  )

  r.post(
    '/api/v13/comment/thread/delete',
    {
      ...auth,
      schema: { tags, summary: 'Delete your own reply', body: threadDeleteBody, response: { 200: okStatus } },
    },
    async (request) => {
      const user = currentUser(request)
      const reply = await ownReply(user, request.body.thread_id)
      await deleteReply(app.db, reply.id)
      return { status: true as const }
    },
  )

  // ---------- reactions ----------

  r.post(
    '/api/v11/comment/like',
    {
      // A money call: a retry with the same Idempotency-Key is answered once (plugins/idempotency).
      config: { idempotent: true },
      ...auth,
      schema: {
        tags,
        summary:
          'Like, dislike or comment-up a comment (or a reply with thread_id). A comment-up spends comment_up_count coins; 402 when the balance is short.',
        body: likeBody,
        response: { 200: likeResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const body = request.body
      const targetType = body.thread_id !== undefined ? ('thread' as const) : ('comment' as const)
      let targetId: number
      if (targetType === 'thread') {
        const reply = await findReply(app.db, body.thread_id!)
        if (!reply) throw notFound('No such reply')
        await visibleComment(app.db, reply.commentId, user)
        targetId = reply.id
      } else {
        targetId = (await visibleComment(app.db, body.comment_id!, user)).id
      }
      if (body.like_type === 'COMMENT_UP' && body.action_type === 'REMOVE') throw badRequest('A comment-up cannot be taken back')
      const result = await react(app.db, {
        userId: user.id,
        targetType,
        targetId,
        kind: body.like_type,
        action: body.action_type,
        amount: body.comment_up_count,
      })
      const kinds = await reactionKinds(app.db, user.id, targetType, targetId)
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
    },
  )
}
