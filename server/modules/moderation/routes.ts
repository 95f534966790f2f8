import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, eq, inArray } from 'drizzle-orm'
import {
  complaintAddBody,
  complaintAddResponse,
  moderationEditBody,
  moderationQueueQuery,
  moderationQueueResponse,
  moderationRemoveBody,
  moderationRemoveResponse,
  moderationResolveBody,
  okStatus,
  reportCommentBody,
  reportResponse,
} from '../../../contract/api/community'
import { ERROR_CODES } from '../../../contract/errors'
import { comments, complaints, reports, threadReplies } from '../../db/schema'
import { AppError, badRequest, notFound } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { visibleComment } from '../comments/repository'
import {
  assertModerator,
  countRemovalAfterComplaint,
  findText,
  logAction,
  moderationQueue,
  openCasesAbout,
  removalsOf,
} from './repository'

const conflict = (message: string) => new AppError(409, ERROR_CODES.CONFLICT, message)

export async function moderationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { preHandler: app.requireUser }

  // ---------- what users send ----------

  r.post('/api/v6/report/comment', {
    ...auth,
    schema: { tags: ['moderation'], summary: 'Report a comment (or a reply with thread_id) to the moderators', body: reportCommentBody, response: { 200: reportResponse } },
  }, async (request) => {
    const user = currentUser(request)
    const body = request.body
    let targetType: 'comment' | 'thread' = 'comment'
    let targetId: number
    let numberId: number
    if (body.thread_id !== undefined) {
      const reply = await findText(app.db, 'thread', body.thread_id)
      if (!reply || reply.removed) throw notFound('No such reply')
      numberId = (await visibleComment(app.db, reply.commentId, user)).numberId
      targetType = 'thread'
      targetId = reply.id
    } else {
      const c = await visibleComment(app.db, body.comment_id!, user)
      targetId = c.id
      numberId = c.numberId
    }
    // Reporting the same text again while the first report is open changes nothing.
    const [open] = await app.db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.reporterId, user.id), eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')))
    if (open) return { status: true as const, data: { id: open.id, status: 'accepted' as const } }
    const [row] = await app.db
      .insert(reports)
      .values({ reporterId: user.id, targetType, targetId, numberId, text: body.report_text })
      .returning({ id: reports.id })
    return { status: true as const, data: { id: row.id, status: 'accepted' as const } }
  })

  r.post('/api/v6/complaint/add', {
    schema: {
      tags: ['moderation'],
      summary: 'Complain that a text breaches the terms. Works without signing in (the support mailbox form).',
      body: complaintAddBody,
      response: { 200: complaintAddResponse },
    },
  }, async (request) => {
    const body = request.body
    if ((body.target_type === 'comment' || body.target_type === 'thread') && body.target_id !== undefined) {
      const target = await findText(app.db, body.target_type, body.target_id)
      if (!target || target.removed) throw notFound(`No such ${body.target_type === 'thread' ? 'reply' : 'comment'}`)
    }
    const extra = Object.fromEntries(
      Object.entries({ first_name: body.first_name, last_name: body.last_name, name_hash: body.name_hash, profile_id: body.profile_id }).filter(
        ([, v]) => v !== undefined && v !== '',
      ),
    )
    const [row] = await app.db
      .insert(complaints)
      .values({
        userId: request.user?.id ?? null,
        targetType: body.target_type,
        targetId: body.target_id ?? null,
        name: body.name,
        email: body.email,
        message: body.message,
        extra: Object.keys(extra).length ? extra : null,
      })
      .returning({ id: complaints.id })
    return { status: true as const, data: { id: row.id, status: 'accepted' as const } }
  })

  // ---------- moderators ----------

  r.get('/api/v6/moderation/queue', {
    ...auth,
    schema: { tags: ['moderation'], summary: 'Reports and complaints, open or closed, with the reported text and the actions taken (moderators)', querystring: moderationQueueQuery, response: { 200: moderationQueueResponse } },
  }, async (request) => {
    assertModerator(currentUser(request))
    const { kind, status, limit, offset } = request.query
    return { status: true as const, data: await moderationQueue(app.db, kind, status, limit, offset) }
  })

  r.post('/api/v6/moderation/remove', {
    ...auth,
    schema: {
      tags: ['moderation'],
      summary: 'Remove a comment or reply (moderators). A second removal after a complaint bans the author from posting on that number.',
      body: moderationRemoveBody,
      response: { 200: moderationRemoveResponse },
    },
  }, async (request) => {
    const moderator = currentUser(request)
    assertModerator(moderator)
    const body = request.body
    const data = await app.db.transaction(async (tx) => {
      const target = await findText(tx, body.target_type, body.target_id, true)
      if (!target) throw notFound(`No such ${body.target_type === 'thread' ? 'reply' : 'comment'}`)
      if (target.removed) throw conflict('This text has already been removed')
      const sameTarget = (t: { targetType: string; targetId: number | null }) => t.targetType === body.target_type && t.targetId === body.target_id
      if (body.complaint_id !== undefined) {
        const [c] = await tx.select({ targetType: complaints.targetType, targetId: complaints.targetId }).from(complaints).where(eq(complaints.id, body.complaint_id))
        if (!c) throw notFound('No such complaint')
        if (!sameTarget(c)) throw badRequest('That complaint is about another text')
      }
      if (body.report_id !== undefined) {
        const [rep] = await tx.select({ targetType: reports.targetType, targetId: reports.targetId }).from(reports).where(eq(reports.id, body.report_id))
        if (!rep) throw notFound('No such report')
        if (!sameTarget(rep)) throw badRequest('That report is about another text')
      }
      const open = await openCasesAbout(tx, body.target_type, body.target_id)
      const complaintIds = [...new Set([...open.complaintIds, ...(body.complaint_id !== undefined ? [body.complaint_id] : [])])]
      const reportIds = [...new Set([...open.reportIds, ...(body.report_id !== undefined ? [body.report_id] : [])])]
      const now = new Date()
      const table = body.target_type === 'thread' ? threadReplies : comments
      await tx.update(table).set({ removedAt: now, removedBy: moderator.id }).where(eq(table.id, target.id))
      const closed = { status: 'resolved' as const, resolvedBy: moderator.id, resolvedAt: now }
      if (complaintIds.length) await tx.update(complaints).set(closed).where(and(inArray(complaints.id, complaintIds), eq(complaints.status, 'open')))
      if (reportIds.length) await tx.update(reports).set(closed).where(and(inArray(reports.id, reportIds), eq(reports.status, 'open')))
      const afterComplaint = complaintIds.length + reportIds.length > 0
      const standing = afterComplaint
        ? await countRemovalAfterComplaint(tx, target.userId, target.numberId)
        : await removalsOf(tx, target.userId, target.numberId)
      await logAction(tx, moderator.id, 'remove', body.target_type, target.id, {
        reason: body.reason,
        text: target.text,
        authorId: target.userId,
        numberId: target.numberId,
        complaintIds,
        reportIds,
        removalsAfterComplaint: standing.removals,
        postingBanned: standing.banned,
      })
      return { removed: true, removalsAfterComplaint: standing.removals, postingBanned: standing.banned }
    })
    return { status: true as const, data }
  })

  r.post('/api/v6/moderation/edit', {
    ...auth,
    schema: { tags: ['moderation'], summary: 'Edit the text of a comment or reply (moderators)', body: moderationEditBody, response: { 200: okStatus } },
  }, async (request) => {
    const moderator = currentUser(request)
    assertModerator(moderator)
    const body = request.body
    await app.db.transaction(async (tx) => {
      const target = await findText(tx, body.target_type, body.target_id, true)
      if (!target) throw notFound(`No such ${body.target_type === 'thread' ? 'reply' : 'comment'}`)
      if (target.removed) throw conflict('This text has been removed; there is nothing to edit')
      const table = body.target_type === 'thread' ? threadReplies : comments
      await tx.update(table).set({ text: body.text }).where(eq(table.id, target.id))
      await logAction(tx, moderator.id, 'edit', body.target_type, target.id, { before: target.text, after: body.text, authorId: target.userId, numberId: target.numberId })
    })
    return { status: true as const }
  })

  r.post('/api/v6/moderation/resolve', {
    ...auth,
    schema: { tags: ['moderation'], summary: 'Close a report or complaint as resolved or rejected (moderators)', body: moderationResolveBody, response: { 200: okStatus } },
  }, async (request) => {
    const moderator = currentUser(request)
    assertModerator(moderator)
    const { kind, id, status } = request.body
    const table = kind === 'report' ? reports : complaints
    await app.db.transaction(async (tx) => {
      const [row] = await tx.select({ status: table.status }).from(table).where(eq(table.id, id)).for('update')
      if (!row) throw notFound(`No such ${kind}`)
      if (row.status !== 'open') throw conflict(`This ${kind} is already ${row.status}`)
      await tx.update(table).set({ status, resolvedBy: moderator.id, resolvedAt: new Date() }).where(eq(table.id, id))
      await logAction(tx, moderator.id, 'resolve', kind, id, { status })
    })
    return { status: true as const }
  })
}
