import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moderationQueueResponse } from '../../../contract/api/community'
import { notificationListResponse } from '../../../contract/api/notifications'
import { searchResponse } from '../../../contract/api/number-profile'
import { contactsResponse } from '../../../contract/api/numbers'
import { apiClient, expectError } from '../../../tests/support/api'
import { bearer, createTestApp, signInEach, type TestApp } from '../../../tests/support/app'
import { backends } from '../../../tests/support/database'
import { contactNameHash } from '../../db/name-hash'
import { moderationLog, nameSuggestions, reports, users } from '../../db/schema'

// Issue 33 item 3: moderators remove and edit contact names and name suggestions like comments.
const OWNER = '+4915177770001'
const SAVER = '+4915177770002'
const SAVER2 = '+4915177770003'
const REPORTER = '+4915177770004'
const MOD = '+4915177770005'
const S1 = '+4915177770006'
const S2 = '+4915177770007'

function multipart(content: string) {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="book.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  )
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

describe.each(backends)('moderating contact names and name suggestions on %s', (backend) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    await signInEach(t.app, [OWNER, SAVER, SAVER2, REPORTER, MOD, S1, S2], { tokens, ids })
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, ids[MOD]))
  })
  afterAll(async () => t?.close())

  const { post, get } = apiClient(() => t.app, tokens)
  const upload = async (who: string, csv: string) => {
    const body = multipart(csv)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v6/contacts/upload',
      headers: { ...bearer(tokens[who]), ...body.headers },
      payload: body.payload,
    })
    expect(res.statusCode, res.body).toBe(200)
  }
  const names = async (who: string, phone: string) => {
    const res = await get(who, '/api/v6/contacts/by-phone', { phone })
    expect(res.statusCode, res.body).toBe(200)
    return contactsResponse.parse(res.json()).data.contacts.map((c) => [c.firstName, c.lastName].filter(Boolean).join(' '))
  }
  const page = async (who: string, phone: string) => {
    const res = await get(who, `/api/v202505/search/${encodeURIComponent(phone)}`)
    expect(res.statusCode, res.body).toBe(200)
    return searchResponse.parse(res.json()).data
  }
  const inbox = async (who: string) => notificationListResponse.parse((await get(who, '/api/v6/notifications/list')).json()).data.items
  const queue = async (status: 'open' | 'closed' = 'open') =>
    moderationQueueResponse.parse((await get(MOD, '/api/v6/moderation/queue', { kind: 'report', status })).json()).data.items

  it('a reported contact name is removed: the page, names list and search no longer show it, the report is resolved, the inbox loses the quote', async () => {
    await upload(SAVER, `Name,Phone\nLying Scammer,${OWNER}\n`)
    await upload(SAVER2, `Name,Phone\nLying Scammer,${OWNER}\nPlumber Joe,+493077770009\n`)
    expect(await names(REPORTER, OWNER)).toEqual(['Lying Scammer'])
    expect((await inbox(OWNER)).find((n) => n.kind === 'newContactName')?.text).toBe('Lying Scammer')
    const hash = contactNameHash('Lying', 'Scammer')

    const report = await post(REPORTER, '/api/v6/report/contact', {
      phone: OWNER,
      name_hash: hash,
      first_name: 'Lying',
      last_name: 'Scammer',
      report_text: 'Insult',
    })
    expect(report.statusCode, report.body).toBe(200)
    const reportId = report.json().data.id
    const item = (await queue()).find((i) => i.id === reportId)
    expect(item).toMatchObject({
      targetType: 'contact',
      target: { text: 'Lying Scammer', phoneNumber: OWNER, removed: false, authorId: null, commentId: null },
    })

    // Bad targets change nothing.
    expectError(await post(MOD, '/api/v6/moderation/remove', { target_type: 'contact', phone: OWNER }), 400)
    expectError(await post(MOD, '/api/v6/moderation/remove', { target_type: 'contact', name_hash: hash }), 400)
    expectError(await post(MOD, '/api/v6/moderation/remove', { target_type: 'contact', phone: 'not a phone', name_hash: hash }), 400)
    expectError(await post(MOD, '/api/v6/moderation/remove', { target_type: 'contact', phone: OWNER, name_hash: 'f'.repeat(32) }), 404)
    expectError(await post(MOD, '/api/v6/moderation/remove', { target_type: 'contact', phone: '+493077770008', name_hash: hash }), 404)
    expectError(await post(MOD, '/api/v6/moderation/remove', { target_type: 'planet', target_id: 1 }), 400)
    expectError(await post(MOD, '/api/v6/moderation/remove', { target_type: 'suggestion' }), 400)
    // A report about another name cannot be closed with this one's removal.
    const other = (
      await post(REPORTER, '/api/v6/report/contact', {
        phone: '+493077770009',
        name_hash: contactNameHash('Plumber', 'Joe'),
        report_text: 'Not his name',
      })
    ).json().data.id
    expectError(
      await post(MOD, '/api/v6/moderation/remove', { target_type: 'contact', phone: OWNER, name_hash: hash, report_id: other }),
      400,
    )
    // Not a moderator: refused.
    expectError(
      await post(REPORTER, '/api/v6/moderation/remove', { target_type: 'contact', phone: OWNER, name_hash: hash, report_id: reportId }),
      403,
    )
    expectError(await post(OWNER, '/api/v6/moderation/edit', { target_type: 'contact', phone: OWNER, name_hash: hash, text: 'Mine' }), 403)
    expectError(await post(null, '/api/v6/moderation/remove', { target_type: 'contact', phone: OWNER, name_hash: hash }), 401)
    expect(await names(REPORTER, OWNER)).toEqual(['Lying Scammer'])
    expect((await t.database.db.select().from(reports).where(eq(reports.id, reportId)))[0].status).toBe('open')

    const removed = await post(MOD, '/api/v6/moderation/remove', {
      target_type: 'contact',
      phone: OWNER,
      name_hash: hash,
      reason: 'insult',
      report_id: reportId,
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json().data).toEqual({ removed: true, removalsAfterComplaint: 0, postingBanned: false })

    expect(await names(REPORTER, OWNER)).toEqual([])
    const p = await page(REPORTER, OWNER)
    expect(p.averageProfile).toMatchObject({ firstName: null, lastName: null })
    expect(p.metrics.contactsCount).toBe(0)
    const [rep] = await t.database.db.select().from(reports).where(eq(reports.id, reportId))
    expect(rep).toMatchObject({ status: 'resolved', resolvedBy: ids[MOD] })
    const note = (await inbox(OWNER)).find((n) => n.kind === 'newContactName')
    expect(note).toBeDefined()
    expect(note!.text).toBeNull()
    const [logged] = await t.database.db
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.action, 'remove'), eq(moderationLog.targetType, 'contact')))
    expect(logged.details).toMatchObject({ reason: 'insult', text: 'Lying Scammer', nameHash: hash, reportIds: [reportId] })
    // The closed item still shows the name, struck, with the removal in its log.
    const closed = (await queue('closed')).find((i) => i.id === reportId)
    expect(closed).toMatchObject({ status: 'resolved', target: { text: 'Lying Scammer', removed: true } })
    expect(closed!.log).toEqual([expect.objectContaining({ action: 'remove', reason: 'insult', before: 'Lying Scammer' })])

    // Uploading the book again does not bring the name back; removing it again is a conflict.
    await upload(SAVER, `Name,Phone\nLying Scammer,${OWNER}\n`)
    expect(await names(OWNER, OWNER)).toEqual([])
    expectError(await post(MOD, '/api/v6/moderation/remove', { target_type: 'contact', phone: OWNER, name_hash: hash }), 409)
    expectError(await post(MOD, '/api/v6/moderation/edit', { target_type: 'contact', phone: OWNER, name_hash: hash, text: 'Back' }), 409)
  })

  it('a contact name is edited: the number shows the new name, the inbox quotes it', async () => {
    const hash = contactNameHash('Plumber', 'Joe')
    await upload(OWNER, `Name,Phone\nStupid Joe,${SAVER}\n`)
    const saverHash = contactNameHash('Stupid', 'Joe')
    expect((await inbox(SAVER)).find((n) => n.kind === 'newContactName')?.text).toBe('Stupid Joe')
    expectError(
      await post(MOD, '/api/v6/moderation/edit', { target_type: 'contact', phone: SAVER, name_hash: saverHash, text: 'two\nlines' }),
      400,
    )
    expectError(
      await post(MOD, '/api/v6/moderation/edit', { target_type: 'contact', phone: SAVER, name_hash: saverHash, text: 'x'.repeat(101) }),
      400,
    )
    expect(
      (await post(MOD, '/api/v6/moderation/edit', { target_type: 'contact', phone: SAVER, name_hash: saverHash, text: 'Joe' })).statusCode,
    ).toBe(200)
    expect(await names(REPORTER, SAVER)).toEqual(['Joe'])
    expect((await page(REPORTER, SAVER)).averageProfile).toMatchObject({ firstName: 'Joe', lastName: null })
    expect((await inbox(SAVER)).find((n) => n.kind === 'newContactName')?.text).toBe('Joe')
    // The other number's report (about Plumber Joe) is still open: an edit closes nothing.
    expect((await queue()).some((i) => i.targetType === 'contact' && i.extra?.name_hash === hash)).toBe(true)
  })

  it('a name suggestion is edited and removed; non-moderators are refused', async () => {
    const number = '+493077770010'
    for (const who of [S1, S2])
      expect((await post(who, '/api/v6/suggest/add', { phone: number, first_name: 'Idiot', last_name: 'Boss' })).statusCode).toBe(200)
    expect(await names(REPORTER, number)).toEqual(['Idiot Boss'])
    const rows = await t.database.db.select().from(nameSuggestions).where(eq(nameSuggestions.userId, ids[S1]))
    const s1 = rows[0].id

    expectError(await post(S2, '/api/v6/moderation/edit', { target_type: 'suggestion', target_id: s1, text: 'Boss' }), 403)
    expectError(await post(MOD, '/api/v6/moderation/edit', { target_type: 'suggestion', target_id: 999999, text: 'Boss' }), 404)
    expectError(await post(MOD, '/api/v6/moderation/edit', { target_type: 'suggestion', text: 'Boss' }), 400)
    expect((await post(MOD, '/api/v6/moderation/edit', { target_type: 'suggestion', target_id: s1, text: 'Boss' })).statusCode).toBe(200)
    const [edited] = await t.database.db.select().from(nameSuggestions).where(eq(nameSuggestions.id, s1))
    expect(edited).toMatchObject({ firstName: 'Boss', lastName: null, nameHash: contactNameHash('Boss', null) })
    // Each name now has one suggester: neither counts.
    expect(await names(REPORTER, number)).toEqual([])
    expect((await post(MOD, '/api/v6/moderation/edit', { target_type: 'suggestion', target_id: s1, text: 'Idiot Boss' })).statusCode).toBe(
      200,
    )
    expect(await names(REPORTER, number)).toEqual(['Idiot Boss'])

    const removed = await post(MOD, '/api/v6/moderation/remove', { target_type: 'suggestion', target_id: s1, reason: 'insult' })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(await names(REPORTER, number)).toEqual([])
    expectError(await post(MOD, '/api/v6/moderation/remove', { target_type: 'suggestion', target_id: s1 }), 409)
    const logged = await t.database.db
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.targetType, 'suggestion'), eq(moderationLog.targetId, s1)))
    expect(logged.map((l) => l.action)).toEqual(['edit', 'edit', 'remove'])
    // Suggesting again brings one's suggestion back, as saving a comment again does.
    expect((await post(S1, '/api/v6/suggest/add', { phone: number, first_name: 'Idiot', last_name: 'Boss' })).statusCode).toBe(200)
  })

  it('a removed or edited comment and reply leave the notifications that quoted them', async () => {
    const comment = (await post(SAVER, '/api/v7/comment/add', { phone: OWNER, text: 'Owner is a crook' })).json().data.id
    const reply = (await post(SAVER2, '/api/v13/comment/thread/add', { reply_to: comment, text: 'Crook indeed' })).json().data.id
    const quoted = async (who: string, kind: string) => (await inbox(who)).find((n) => n.kind === kind)?.text
    expect(await quoted(OWNER, 'newNotice')).toBe('Owner is a crook')
    expect(await quoted(SAVER, 'reply')).toBe('Crook indeed')
    expect(
      (await post(MOD, '/api/v6/moderation/edit', { target_type: 'comment', target_id: comment, text: 'Owner is fine' })).statusCode,
    ).toBe(200)
    expect(await quoted(OWNER, 'newNotice')).toBe('Owner is fine')
    expect((await post(MOD, '/api/v6/moderation/remove', { target_type: 'thread', target_id: reply })).statusCode).toBe(200)
    expect(await quoted(SAVER, 'reply')).toBeNull()
    expect((await post(MOD, '/api/v6/moderation/remove', { target_type: 'comment', target_id: comment })).statusCode).toBe(200)
    expect(await quoted(OWNER, 'newNotice')).toBeNull()
  })
})
