import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { statusOnly } from '../../../contract/api/envelope'
import { noteAddBody, noteAddResponse, phoneBody, suggestAddBody, suggestAddResponse } from '../../../contract/api/numbers'
import { notFound } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { assertMayPost } from '../comments/repository'
import { findNumber, upsertNumber } from '../numbers/repository'
import { readPhone } from '../profiles/lookup'
import { deleteNote, saveNote, saveSuggestion } from './repository'

/** Private notes and name suggestions: what one user keeps about a number for themselves. */
export async function notesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { preHandler: app.requireUser }

  r.post(
    '/api/v7/notice/add',
    {
      ...auth,
      schema: {
        tags: ['notes'],
        summary: 'Keep a private note on a number (one per number; adding again replaces it)',
        body: noteAddBody,
        response: { 200: noteAddResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const phone = readPhone(app, user, request.body.phone)
      const numberId = await upsertNumber(app.db, phone.e164, phone.country)
      return { status: true as const, data: await saveNote(app.db, user.id, numberId, request.body.text) }
    },
  )

  r.post(
    '/api/v6/notice/delete',
    {
      ...auth,
      schema: { tags: ['notes'], summary: 'Delete your private note on a number', body: phoneBody, response: { 200: statusOnly } },
    },
    async (request) => {
      const user = currentUser(request)
      const phone = readPhone(app, user, request.body.phone)
      const numberId = await findNumber(app.db, phone.e164)
      const deleted = numberId !== null && (await deleteNote(app.db, user.id, numberId))
      if (!deleted) throw notFound('You have no note on this number')
      return { status: true as const }
    },
  )

  r.post(
    '/api/v6/suggest/add',
    {
      ...auth,
      schema: {
        tags: ['notes'],
        summary:
          'Suggest a name for a number (one per number; an empty name clears it). Once two users suggest the same name it counts like a contact-book entry. 403 when you were banned from posting on the number.',
        body: suggestAddBody,
        response: { 200: suggestAddResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const phone = readPhone(app, user, request.body.phone)
      const firstName = request.body.first_name?.trim() || null
      const lastName = request.body.last_name?.trim() || null
      const numberId = await upsertNumber(app.db, phone.e164, phone.country)
      // A name is a text on the number: refused to a user banned from posting there (issue 29); withdrawing one is not.
      if (firstName !== null || lastName !== null) await assertMayPost(app.db, user.id, numberId)
      await saveSuggestion(app.db, user.id, numberId, firstName, lastName)
      return { status: true as const, data: { firstName, lastName } }
    },
  )
}
