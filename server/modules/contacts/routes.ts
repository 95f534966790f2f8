import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  CONTACTS_MAX_PER_UPLOAD,
  contactLikeBody,
  contactLikeByProfileBody,
  contactLikeResponse,
  contactsByPhoneQuery,
  contactsByProfileQuery,
  contactsResponse,
  contactsUploadBody,
  contactsUploadResponse,
  reportContactBody,
  reportContactByProfileBody,
  reportResponse,
  type ContactSkipReason,
} from '../../../contract/api/numbers'
import { LIMITS } from '../../../contract/constants'
import type { AuthUser } from '../../plugins/auth'
import { badRequest, notFound } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { findNumber } from '../numbers/repository'
import { ownRegion, readPhone, visibleProfile } from '../profiles/lookup'
import { contactNames } from './name-repository'
import { ContactFileError, parseContactFile } from './parse'
import { addContactVote, removeContactVote, replaceContactBook, reportContactName, type BookEntry } from './repository'

const trimName = (s: string | null) => (s ? s.slice(0, LIMITS.nameMaxLength) : null)

export async function contactsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { preHandler: app.requireUser }

  /** The number a request is about: by `phone`, or the number of the user `profile_id`. */
  async function numberOf(user: AuthUser, target: { phone: string } | { profile_id: number }): Promise<number | null> {
    if ('phone' in target) return findNumber(app.db, readPhone(app, user, target.phone).e164)
    const profile = await visibleProfile(app, user.id, target.profile_id)
    return findNumber(app.db, profile.phone)
  }

  r.post(
    '/api/v6/contacts/upload',
    {
      // Refused before the body is read when not signed in.
      onRequest: app.requireUser,
      schema: {
        tags: ['contacts'],
        summary: 'Upload your contact book (vCard or CSV); replaces the previous upload',
        consumes: ['multipart/form-data'],
        body: contactsUploadBody,
        response: { 200: contactsUploadResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const file = request.body.file
      // A file part arrives as a Buffer; a plain text part of a multipart body is taken as the file's text.
      const buf = Buffer.isBuffer(file) ? file : typeof file === 'string' && request.isMultipart() ? Buffer.from(file, 'utf8') : null
      if (!buf) throw badRequest('Send the contact book as the multipart file field "file"')
      let book
      try {
        book = parseContactFile(buf)
      } catch (e) {
        if (e instanceof ContactFileError) throw badRequest(e.message)
        throw e
      }
      const region = ownRegion(app, user)
      const skipped: Partial<Record<ContactSkipReason, number>> = {}
      const skip = (reason: ContactSkipReason, n = 1) => void (skipped[reason] = (skipped[reason] ?? 0) + n)
      const keep = new Map<string, BookEntry>()
      let read = 0
      for (const entry of book.entries) {
        if (!entry.phones.length) {
          read++
          skip('no_phone')
          continue
        }
        for (const raw of entry.phones) {
          read++
          if (read > CONTACTS_MAX_PER_UPLOAD) skip('too_many')
          else if (!entry.firstName && !entry.lastName) skip('no_name')
          else {
            const phone = raw.length <= 64 ? app.phone.normalize(raw, region) : null
            if (!phone) skip('invalid_phone')
            else if (phone.e164 === user.phone) skip('own_number')
            else if (keep.has(phone.e164)) skip('duplicate')
            else keep.set(phone.e164, { country: phone.country, firstName: trimName(entry.firstName), lastName: trimName(entry.lastName) })
          }
        }
      }
      if (!keep.size) {
        const why = Object.entries(skipped)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ')
        throw badRequest(
          `The file has no contact with a name and a valid phone number${why ? ` (${why})` : ''}; your contact book was not changed`,
        )
      }

      await replaceContactBook(app.db, user.id, keep)
      return { status: true as const, data: { format: book.format, read, saved: keep.size, skipped } }
    },
  )

  r.get(
    '/api/v6/contacts/by-phone',
    {
      ...auth,
      schema: {
        tags: ['contacts'],
        summary: 'Names a number is saved under in users\u2019 contact books',
        querystring: contactsByPhoneQuery,
        response: { 200: contactsResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const numberId = await numberOf(user, request.query)
      return { status: true as const, data: { contacts: numberId === null ? [] : await contactNames(app.db, numberId, user.id) } }
    },
  )

  r.get(
    '/api/v6/contacts/by-profile',
    {
      ...auth,
      schema: {
        tags: ['contacts'],
        summary: 'Names a user\u2019s number is saved under',
        querystring: contactsByProfileQuery,
        response: { 200: contactsResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const numberId = await numberOf(user, request.query)
      return { status: true as const, data: { contacts: numberId === null ? [] : await contactNames(app.db, numberId, user.id) } }
    },
  )

  async function vote(
    user: AuthUser,
    body: { action_type: 'ADD' | 'REMOVE'; like_type: 'LIKE' | 'DISLIKE'; name_hash: string } & (
      { phone: string } | { profile_id: number }
    ),
  ) {
    const numberId = await numberOf(user, body)
    const [known] = numberId === null ? [] : await contactNames(app.db, numberId, user.id, body.name_hash)
    if (!known || numberId === null) throw notFound('No such name on this number')
    const vote = { userId: user.id, numberId, nameHash: body.name_hash, likeType: body.like_type }
    await (body.action_type === 'ADD' ? addContactVote(app.db, vote) : removeContactVote(app.db, vote))
    const [updated] = await contactNames(app.db, numberId, user.id, body.name_hash)
    return { status: true as const, data: updated }
  }

  r.post(
    '/api/v6/contacts/like',
    {
      ...auth,
      schema: {
        tags: ['contacts'],
        summary: 'Like or dislike a name a number is saved under',
        body: contactLikeBody,
        response: { 200: contactLikeResponse },
      },
    },
    async (request) => vote(currentUser(request), request.body),
  )

  r.post(
    '/api/v6/contacts/like-by-profile',
    {
      ...auth,
      schema: {
        tags: ['contacts'],
        summary: 'Like or dislike a name a user\u2019s number is saved under',
        body: contactLikeByProfileBody,
        response: { 200: contactLikeResponse },
      },
    },
    async (request) => vote(currentUser(request), request.body),
  )

  async function report(
    user: AuthUser,
    body: { report_text: string; name_hash: string; first_name?: string; last_name?: string } & (
      { phone: string } | { profile_id: number }
    ),
  ) {
    const numberId = await numberOf(user, body)
    const [known] = numberId === null ? [] : await contactNames(app.db, numberId, user.id, body.name_hash)
    if (!known || numberId === null) throw notFound('No such name on this number')
    const row = await reportContactName(app.db, {
      reporterId: user.id,
      numberId,
      nameHash: body.name_hash,
      firstName: body.first_name?.trim() || null,
      lastName: body.last_name?.trim() || null,
      text: body.report_text,
    })
    return { status: true as const, data: row }
  }

  r.post(
    '/api/v6/report/contact',
    {
      ...auth,
      schema: {
        tags: ['contacts'],
        summary: 'Report a name a number is saved under',
        body: reportContactBody,
        response: { 200: reportResponse },
      },
    },
    async (request) => report(currentUser(request), request.body),
  )

  r.post(
    '/api/v6/report/contact-by-profile',
    {
      ...auth,
      schema: {
        tags: ['contacts'],
        summary: 'Report a name a user\u2019s number is saved under',
        body: reportContactByProfileBody,
        response: { 200: reportResponse },
      },
    },
    async (request) => report(currentUser(request), request.body),
  )
}
