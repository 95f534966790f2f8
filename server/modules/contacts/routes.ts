import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, eq, inArray, sql } from 'drizzle-orm'
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
import { contacts, contactVotes, numbers, reports, users } from '../../db/schema'
import { badRequest, notFound } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { findNumber } from '../numbers/repository'
import { ownRegion, readPhone, visibleProfile } from '../profiles/lookup'
import { contactNameHash } from '../../db/name-hash'
import { contactNames } from './names'
import { ContactFileError, parseContactFile } from './parse'

const CHUNK = 500
const chunks = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK))
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

  r.post('/api/v6/contacts/upload', {
    // Refused before the body is read when not signed in.
    onRequest: app.requireUser,
    schema: {
      tags: ['contacts'],
      summary: 'Upload your contact book (vCard or CSV); replaces the previous upload',
      consumes: ['multipart/form-data'],
      body: contactsUploadBody,
      response: { 200: contactsUploadResponse },
    },
  }, async (request) => {
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
    const keep = new Map<string, { country: string | null; firstName: string | null; lastName: string | null }>()
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
      const why = Object.entries(skipped).map(([k, v]) => `${k}: ${v}`).join(', ')
      throw badRequest(`The file has no contact with a name and a valid phone number${why ? ` (${why})` : ''}; your contact book was not changed`)
    }

    await app.db.transaction(async (tx) => {
      // One upload per user at a time: a second one waits, then replaces this one's book.
      await tx.execute(sql`select 1 from ${users} where ${users.id} = ${user.id} for update`)
      const ids = new Map<string, number>()
      // Numbers in one order, so concurrent uploads sharing numbers cannot deadlock.
      const entries = [...keep.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      for (const part of chunks(entries)) {
        const rows = await tx
          .insert(numbers)
          .values(part.map(([e164, c]) => ({ e164, country: c.country })))
          .onConflictDoUpdate({ target: numbers.e164, set: { e164: sql`excluded.e164` } })
          .returning({ id: numbers.id, e164: numbers.e164 })
        for (const row of rows) ids.set(row.e164, row.id)
      }
      await tx.delete(contacts).where(eq(contacts.ownerId, user.id))
      for (const part of chunks(entries)) {
        await tx.insert(contacts).values(
          part.map(([e164, c]) => ({
            ownerId: user.id,
            numberId: ids.get(e164)!,
            firstName: c.firstName,
            lastName: c.lastName,
            nameHash: contactNameHash(c.firstName, c.lastName),
          })),
        )
      }
    })
    return { status: true as const, data: { format: book.format, read, saved: keep.size, skipped } }
  })

  r.get('/api/v6/contacts/by-phone', {
    ...auth,
    schema: { tags: ['contacts'], summary: 'Names a number is saved under in users\u2019 contact books', querystring: contactsByPhoneQuery, response: { 200: contactsResponse } },
  }, async (request) => {
    const user = currentUser(request)
    const numberId = await numberOf(user, request.query)
    return { status: true as const, data: { contacts: numberId === null ? [] : await contactNames(app.db, numberId, user.id) } }
  })

  r.get('/api/v6/contacts/by-profile', {
    ...auth,
    schema: { tags: ['contacts'], summary: 'Names a user\u2019s number is saved under', querystring: contactsByProfileQuery, response: { 200: contactsResponse } },
  }, async (request) => {
    const user = currentUser(request)
    const numberId = await numberOf(user, request.query)
    return { status: true as const, data: { contacts: numberId === null ? [] : await contactNames(app.db, numberId, user.id) } }
  })

  async function vote(user: AuthUser, body: { action_type: 'ADD' | 'REMOVE'; like_type: 'LIKE' | 'DISLIKE'; name_hash: string } & ({ phone: string } | { profile_id: number })) {
    const numberId = await numberOf(user, body)
    const [known] = numberId === null ? [] : await contactNames(app.db, numberId, user.id, body.name_hash)
    if (!known || numberId === null) throw notFound('No such name on this number')
    if (body.action_type === 'ADD') {
      await app.db
        .insert(contactVotes)
        .values({ userId: user.id, numberId, nameHash: body.name_hash, likeType: body.like_type })
        .onConflictDoUpdate({ target: [contactVotes.userId, contactVotes.numberId, contactVotes.nameHash], set: { likeType: body.like_type, createdAt: sql`now()` } })
    } else {
      await app.db
        .delete(contactVotes)
        .where(and(eq(contactVotes.userId, user.id), eq(contactVotes.numberId, numberId), eq(contactVotes.nameHash, body.name_hash), eq(contactVotes.likeType, body.like_type)))
    }
    const [updated] = await contactNames(app.db, numberId, user.id, body.name_hash)
    return { status: true as const, data: updated }
  }

  r.post('/api/v6/contacts/like', {
    ...auth,
    schema: { tags: ['contacts'], summary: 'Like or dislike a name a number is saved under', body: contactLikeBody, response: { 200: contactLikeResponse } },
  }, async (request) => vote(currentUser(request), request.body))

  r.post('/api/v6/contacts/like-by-profile', {
    ...auth,
    schema: { tags: ['contacts'], summary: 'Like or dislike a name a user\u2019s number is saved under', body: contactLikeByProfileBody, response: { 200: contactLikeResponse } },
  }, async (request) => vote(currentUser(request), request.body))

  async function report(
    user: AuthUser,
    body: { report_text: string; name_hash: string; first_name?: string; last_name?: string } & ({ phone: string } | { profile_id: number }),
  ) {
    const numberId = await numberOf(user, body)
    const [known] = numberId === null ? [] : await contactNames(app.db, numberId, user.id, body.name_hash)
    if (!known || numberId === null) throw notFound('No such name on this number')
    const mine = and(eq(reports.reporterId, user.id), eq(reports.targetType, 'contact'), eq(reports.numberId, numberId), eq(reports.nameHash, body.name_hash), inArray(reports.status, ['open']))
    const [open] = await app.db.select({ id: reports.id, status: reports.status }).from(reports).where(mine).limit(1)
    if (open) return { status: true as const, data: open }
    const [row] = await app.db
      .insert(reports)
      .values({
        reporterId: user.id,
        targetType: 'contact',
        numberId,
        nameHash: body.name_hash,
        firstName: body.first_name?.trim() || null,
        lastName: body.last_name?.trim() || null,
        text: body.report_text,
      })
      .returning({ id: reports.id, status: reports.status })
    return { status: true as const, data: row }
  }

  r.post('/api/v6/report/contact', {
    ...auth,
    schema: { tags: ['contacts'], summary: 'Report a name a number is saved under', body: reportContactBody, response: { 200: reportResponse } },
  }, async (request) => report(currentUser(request), request.body))

  r.post('/api/v6/report/contact-by-profile', {
    ...auth,
    schema: { tags: ['contacts'], summary: 'Report a name a user\u2019s number is saved under', body: reportContactByProfileBody, response: { 200: reportResponse } },
  }, async (request) => report(currentUser(request), request.body))
}
