import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, signInEach, type TestApp } from '../../../tests/support/app'
import { apiClient } from '../../../tests/support/api'
import { searchResponse } from '../../../contract/api/number-profile'
import { contactsResponse } from '../../../contract/api/numbers'
import { notificationListResponse } from '../../../contract/api/notifications'
import { ERROR_CODES } from '../../../contract/errors'
import { contactNameHash } from '../../db/name-hash'
import { nameSuggestions, notifications, postingBans } from '../../db/schema'
import { upsertNumber } from '../numbers/repository'

/** The number's registered owner, whose page the banned user may no longer put text on. */
const OWNER = '+4915177730001'
const BANNED = '+4915177730002'
const OTHER = '+4915177730003'
const VIEWER = '+4915177730004'
/** A number the banned user is not banned on. */
const ELSEWHERE = '+493077730009'

function multipart(csv: string) {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="book.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  )
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/**
 * Issue 29: a user banned from posting on a number (DESIGN.md section 5, "Moderation") can put
 * no text there at all: no comment or reply, and no name either, suggested or from their
 * contact book; the number's answer tells the web app so.
 */
describe.each(backends)('a posting ban covers every text on the number on %s', (backend) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  let numberId: number
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    await signInEach(t.app, [OWNER, BANNED, OTHER, VIEWER], { tokens, ids })
    numberId = await upsertNumber(t.database.db, OWNER, 'DE')
    await t.database.db.insert(postingBans).values({ userId: ids[BANNED], numberId, removals: 2, banned: true })
  })
  afterAll(async () => t?.close())

  const { post } = apiClient(() => t.app, tokens)
  const page = async (who: string, phone: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v202505/search/${encodeURIComponent(phone)}`, headers: bearer(tokens[who]) })
    expect(res.statusCode, res.body).toBe(200)
    return searchResponse.parse(res.json()).data
  }
  const names = async (who: string, phone: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v6/contacts/by-phone?phone=${encodeURIComponent(phone)}`,
      headers: bearer(tokens[who]),
    })
    expect(res.statusCode, res.body).toBe(200)
    return contactsResponse.parse(res.json()).data.contacts.map((c) => [c.firstName, c.lastName].filter(Boolean).join(' '))
  }
  const upload = (who: string, csv: string) => {
    const body = multipart(csv)
    return t.app.inject({
      method: 'POST',
      url: '/api/v6/contacts/upload',
      headers: { ...bearer(tokens[who]), ...body.headers },
      payload: body.payload,
    })
  }
  const suggestionsOf = (who: string) =>
    t.database.db
      .select()
      .from(nameSuggestions)
      .where(and(eq(nameSuggestions.userId, ids[who]), eq(nameSuggestions.numberId, numberId)))

  it('the number’s answer tells the banned viewer, and nobody else, that they cannot post there', async () => {
    expect((await page(BANNED, OWNER)).common.postingBanned).toBe(true)
    expect((await page(VIEWER, OWNER)).common.postingBanned).toBe(false)
    expect((await page(BANNED, ELSEWHERE)).common.postingBanned).toBe(false)
  })

  it('refuses the banned user’s name suggestion with a clear 403 and stores nothing; elsewhere it is taken', async () => {
    const res = await post(BANNED, '/api/v6/suggest/add', { phone: OWNER, first_name: 'Liar', last_name: 'Cheat' })
    expect(res.statusCode, res.body).toBe(403)
    expect(res.json()).toMatchObject({
      status: false,
      status_code: ERROR_CODES.POSTING_BANNED,
      message: expect.stringMatching(/can no longer post on this number/),
    })
    expect(await suggestionsOf(BANNED)).toEqual([])
    expect((await page(BANNED, OWNER)).suggestedProfile).toEqual({ firstName: null, lastName: null })
    expect((await post(BANNED, '/api/v6/suggest/add', { phone: ELSEWHERE, first_name: 'Bakery' })).statusCode).toBe(200)
  })

  it('a suggestion made before the ban no longer counts towards a name on the number', async () => {
    // Both suggested the same name before the ban: two users make it count, but one of them is banned now.
    const nameHash = contactNameHash('Liar', 'Cheat')
    await t.database.db.delete(nameSuggestions).where(eq(nameSuggestions.numberId, numberId))
    await t.database.db.insert(nameSuggestions).values({ userId: ids[BANNED], numberId, firstName: 'Liar', lastName: 'Cheat', nameHash })
    expect((await post(OTHER, '/api/v6/suggest/add', { phone: OWNER, first_name: 'Liar', last_name: 'Cheat' })).statusCode).toBe(200)
    expect(await names(VIEWER, OWNER)).toEqual([])
    expect((await page(VIEWER, OWNER)).averageProfile).toMatchObject({ firstName: null, lastName: null })
    await t.database.db.delete(nameSuggestions).where(eq(nameSuggestions.numberId, numberId))
  })

  it('a contact book naming the number does not put that name on its page; the rest of the upload works', async () => {
    const res = await upload(BANNED, `Name,Phone\nThief Scammer,${OWNER}\nCorner Bakery,${ELSEWHERE}\n`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ saved: 2 })
    const owners = await page(VIEWER, OWNER)
    expect(owners.averageProfile).toMatchObject({ firstName: null, lastName: null })
    expect(owners.metrics.contactsCount).toBe(0)
    expect(JSON.stringify(owners)).not.toContain('Scammer')
    expect(await names(VIEWER, OWNER)).toEqual([])
    // Nor does the viewer's search history name the number so (the page was searched above).
    const history = await t.app.inject({ method: 'GET', url: '/api/v6/history/list', headers: bearer(tokens[VIEWER]) })
    expect(history.statusCode, history.body).toBe(200)
    expect(history.body).toContain(OWNER.slice(1))
    expect(history.body).not.toContain('Scammer')
    // Nor does the owner hear of it in their inbox.
    const inbox = notificationListResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v6/notifications/list', headers: bearer(tokens[OWNER]) })).json(),
    ).data
    expect(JSON.stringify(inbox)).not.toContain('Scammer')
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, ids[OWNER]))).toEqual([])
    // The other number of the same upload is named as saved.
    expect((await page(VIEWER, ELSEWHERE)).averageProfile).toMatchObject({ firstName: 'Corner Bakery', lastName: null })
    expect(await names(VIEWER, ELSEWHERE)).toContain('Corner Bakery')
    // Another user's book still names the number.
    expect((await upload(OTHER, `Name,Phone\nFriendly Owner,${OWNER}\n`)).statusCode).toBe(200)
    expect(await names(VIEWER, OWNER)).toEqual(['Friendly Owner'])
  })

  it('a comment and a reply stay refused with the same 403', async () => {
    const comment = await post(BANNED, '/api/v7/comment/add', { phone: OWNER, text: 'Let me post again' })
    expect(comment.statusCode, comment.body).toBe(403)
    expect(comment.json()).toMatchObject({ status_code: ERROR_CODES.POSTING_BANNED })
  })
})
