import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
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
import { notFound } from '../../errors'
import { currentUser, type AuthUser } from '../../plugins/auth'
import { visibleComment } from '../comments/repository'
import { findNumber } from '../numbers/repository'
import { readPhone } from '../profiles/lookup'
import { editText, removeText, resolveCase } from './action-repository'
import { addComplaint, assertModerator, fileReport, findText, moderationQueue, type ModerationTarget } from './repository'

export async function moderationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { preHandler: app.requireUser }

  /** The text a remove or edit names (the schema made sure the fields its type needs are there). */
  async function targetOf(
    moderator: AuthUser,
    body: { target_type: ModerationTarget['type']; target_id?: number; phone?: string; name_hash?: string },
  ): Promise<ModerationTarget> {
    if (body.target_type === 'suggestion') return { type: 'suggestion', id: body.target_id! }
    if (body.target_type !== 'contact') return { type: body.target_type, id: body.target_id! }
    const numberId = await findNumber(app.db, readPhone(app, moderator, body.phone!).e164)
    if (numberId === null) throw notFound('No such name on this number')
    return { type: 'contact', numberId, nameHash: body.name_hash! }
  }

  // ---------- what users send ----------

  r.post(
    '/api/v6/report/comment',
    {
      ...auth,
      schema: {
        tags: ['moderation'],
        summary: 'Report a comment (or a reply with thread_id) to the moderators',
        body: reportCommentBody,
        response: { 200: reportResponse },
      },
    },
    async (request) => {
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
      const id = await fileReport(app.db, { reporterId: user.id, targetType, targetId, numberId, text: body.report_text })
      return { status: true as const, data: { id, status: 'accepted' as const } }
    },
  )

  r.post(
    '/api/v6/complaint/add',
    {
      // Open to anyone signed out, so the bot check (when configured) keeps scripts from flooding the moderators.
      preHandler: app.verifyBotCheck,
      schema: {
        tags: ['moderation'],
        summary: 'Complain that a text breaches the terms. Works without signing in (the support mailbox form).',
        body: complaintAddBody,
        response: { 200: complaintAddResponse },
      },
    },
    async (request) => {
      const body = request.body
      if ((body.target_type === 'comment' || body.target_type === 'thread') && body.target_id !== undefined) {
        const target = await findText(app.db, body.target_type, body.target_id)
        if (!target || target.removed) throw notFound(`No such ${body.target_type === 'thread' ? 'reply' : 'comment'}`)
      }
      const extra = Object.fromEntries(
        Object.entries({
          first_name: body.first_name,
          last_name: body.last_name,
          name_hash: body.name_hash,
          profile_id: body.profile_id,
        }).filter(([, v]) => v !== undefined && v !== ''),
      )
      const id = await addComplaint(app.db, {
        userId: request.user?.id ?? null,
        targetType: body.target_type,
        targetId: body.target_id ?? null,
        name: body.name,
        email: body.email,
        message: body.message,
        extra: Object.keys(extra).length ? extra : null,
      })
      return { status: true as const, data: { id, status: 'accepted' as const } }
    },
  )

  // ---------- moderators ----------

  r.get(
    '/api/v6/moderation/queue',
    {
      ...auth,
      schema: {
        tags: ['moderation'],
        summary: 'Reports and complaints, open or closed, with the reported text and the actions taken (moderators)',
        querystring: moderationQueueQuery,
        response: { 200: moderationQueueResponse },
      },
    },
    async (request) => {
      assertModerator(currentUser(request))
      const { kind, status, limit, offset } = request.query
      return { status: true as const, data: await moderationQueue(app.db, kind, status, limit, offset) }
    },
  )

  r.post(
    '/api/v6/moderation/remove',
    {
      ...auth,
      schema: {
        tags: ['moderation'],
        summary:
          'Remove a comment, reply, contact name (phone and name_hash, as reported) or name suggestion (moderators); the notifications quoting it lose the text. A second removal of an author\u2019s text after a complaint bans them from posting on that number.',
        body: moderationRemoveBody,
        response: { 200: moderationRemoveResponse },
      },
    },
    async (request) => {
      const moderator = currentUser(request)
      assertModerator(moderator)
      const body = request.body
      const data = await removeText(app.db, moderator.id, {
        target: await targetOf(moderator, body),
        reason: body.reason,
        complaintId: body.complaint_id,
        reportId: body.report_id,
      })
      return { status: true as const, data }
    },
  )

  r.post(
    '/api/v6/moderation/edit',
    {
      ...auth,
      schema: {
        tags: ['moderation'],
        summary:
          'Edit the text of a comment or reply, a contact name or a name suggestion (moderators); the notifications quoting it show the new text',
        body: moderationEditBody,
        response: { 200: okStatus },
      },
    },
    async (request) => {
      const moderator = currentUser(request)
      assertModerator(moderator)
      const body = request.body
      await editText(app.db, moderator.id, { target: await targetOf(moderator, body), text: body.text })
      return { status: true as const }
    },
  )

  r.post(
    '/api/v6/moderation/resolve',
    {
      ...auth,
      schema: {
        tags: ['moderation'],
        summary: 'Close a report or complaint as resolved or rejected (moderators)',
        body: moderationResolveBody,
        response: { 200: okStatus },
      },
    },
    async (request) => {
      const moderator = currentUser(request)
      assertModerator(moderator)
      await resolveCase(app.db, moderator.id, request.body)
      return { status: true as const }
    },
  )
}
