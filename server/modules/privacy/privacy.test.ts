import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, signIn, signInEach, type TestApp } from '../../../tests/support/app'
import { apiClient, expectError } from '../../../tests/support/api'
import { deactivateResponse, privacyDeleteResponse } from '../../../contract/api/privacy'
import { ERROR_CODES } from '../../../contract/errors'
import { coinLedger, comments, contacts, contactVotes, notes, searchHistory, sessions, users } from '../../db/schema'
import { grantCoins } from '../coins/ledger-repository'

const SEARCHER = '+4915170400001'
const OWNER = '+4915170400002'
const FRIEND = '+4915170400003'
const LEAVER = '+4915170400004'
const READER = '+4915170400005'
const TWICE = '+4915170400006'

describe.each(backends)('privacy data and deactivation on %s', (backend) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    await signInEach(t.app, [SEARCHER, OWNER, FRIEND, LEAVER, READER, TWICE], { tokens, ids })
  })
  afterAll(async () => t?.close())

  const { post, get } = apiClient(() => t.app)
  const search = (token: string, number: string) => get(token, `/api/v202505/search/${encodeURIComponent(number)}`)
  const rowsOf = async (userId: number) => {
    const db = t.database.db
    const [h, c, v, n] = await Promise.all([
      db.select().from(searchHistory).where(eq(searchHistory.userId, userId)),
      db.select().from(contacts).where(eq(contacts.ownerId, userId)),
      db.select().from(contactVotes).where(eq(contactVotes.userId, userId)),
      db.select().from(notes).where(eq(notes.userId, userId)),
    ])
    return { history: h.length, contacts: c.length, votes: v.length, notes: n.length }
  }
  const user = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]

  it('deletes history, look-up traces, contacts, votes and notes; keeps balance, ledger, plan and texts; a second call deletes nothing', async () => {
    const me = tokens[SEARCHER]
    // Premium Plus for the owner, so "who looked me up" lists the searcher.
    await t.database.db
      .update(users)
      .set({ planTier: 'tier2', planExpiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, ids[OWNER]))
    await grantCoins(t.database.db, ids[SEARCHER], 25, 'admin_grant')
    expect((await search(me, OWNER)).statusCode).toBe(200)
    expect((await search(me, '+493070400001')).statusCode).toBe(200)
    expect((await search(me, '+493070400002')).statusCode).toBe(200)
    // Look-ups cleared from the list earlier: still traces, deleted too. The owner's number looked up
    // again the same day is one row (issue 30), shown in the list again.
    expect((await post(me, '/api/v6/history/clear')).statusCode).toBe(200)
    expect((await search(me, OWNER)).statusCode).toBe(200)
    const book = new FormData()
    book.set('file', new Blob([`Name,Phone\nAnna Owner,${OWNER}\nFred Friend,${FRIEND}\n`], { type: 'text/csv' }), 'book.csv')
    const body = new Response(book)
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v6/contacts/upload',
      headers: { ...bearer(me), 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    })
    expect(upload.statusCode, upload.body).toBe(200)
    const hash = (await get(me, '/api/v6/contacts/by-phone', { phone: OWNER })).json().data.contacts[0].name_hash as string
    expect(
      (await post(me, '/api/v6/contacts/like', { phone: OWNER, name_hash: hash, like_type: 'LIKE', action_type: 'ADD' })).statusCode,
    ).toBe(200)
    expect((await post(me, '/api/v7/notice/add', { phone: '+493070400001', text: 'the plumber' })).statusCode).toBe(200)
    const comment = await post(me, '/api/v7/comment/add', { phone: '+493070400001', text: 'Calls about a leaking pipe' })
    expect(comment.statusCode, comment.body).toBe(200)
    expect(await rowsOf(ids[SEARCHER])).toEqual({ history: 3, contacts: 2, votes: 1, notes: 1 })

    const lookups = async () => (await get(tokens[OWNER], '/api/v6/spy/lookups')).json().data
    expect((await lookups()).items.map((i: { phoneNumber: string | null }) => i.phoneNumber)).toEqual([SEARCHER])

    const res = await post(me, '/api/v6/privacy/delete')
    expect(res.statusCode, res.body).toBe(200)
    expect(privacyDeleteResponse.parse(res.json()).data.deleted).toEqual({ history: 1, lookups: 3, contacts: 2, notes: 1 })
    expect(await rowsOf(ids[SEARCHER])).toEqual({ history: 0, contacts: 0, votes: 0, notes: 0 })
    expect((await get(me, '/api/v6/history/list')).json().data).toEqual({ items: [], total: 0 })
    // The owner's "who looked me up" no longer lists the searcher.
    expect(await lookups()).toEqual({ allowed: true, items: [], total: 0 })

    // What stays: balance, its ledger row, the comment.
    expect((await user(ids[SEARCHER])).balance).toBe(25)
    expect(await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, ids[SEARCHER]))).toHaveLength(1)
    const list = (await get(tokens[OWNER], '/api/v7/comment/list', { phone: '+493070400001' })).json().data
    expect(list.items.map((c: { text: string }) => c.text)).toEqual(['Calls about a leaking pipe'])

    const again = await post(me, '/api/v6/privacy/delete')
    expect(again.statusCode).toBe(200)
    expect(again.json().data.deleted).toEqual({ history: 0, lookups: 0, contacts: 0, notes: 0 })
    expect((await user(ids[SEARCHER])).balance).toBe(25)
  })

  it('deletes only the caller’s data, in parallel calls once', async () => {
    await search(tokens[FRIEND], '+493070400003')
    await search(tokens[READER], '+493070400003')
    const [a, b] = await Promise.all([post(tokens[FRIEND], '/api/v6/privacy/delete'), post(tokens[FRIEND], '/api/v6/privacy/delete')])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect(a.json().data.deleted.lookups + b.json().data.deleted.lookups).toBe(1)
    expect((await rowsOf(ids[READER])).history).toBe(1)
  })

  it('refuses deletion signed out', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/api/v6/privacy/delete' }), 401, ERROR_CODES.UNAUTHORIZED)
  })

  it('deactivates with cancel=1: number unlisted, texts hidden, every session signed out; signing in again restores it all', async () => {
    const leaver = tokens[LEAVER]
    const second = (await signIn(t.app, LEAVER)).token
    expect((await post(leaver, '/api/v6/profile/name', { first_name: 'Lena', last_name: 'Leaver' })).statusCode).toBe(200)
    expect((await post(leaver, '/api/v2/param/antispy', { value: 1 })).statusCode).toBeLessThan(300)
    const commentId = (await post(leaver, '/api/v7/comment/add', { phone: '+493070400004', text: 'A polite reminder service' })).json().data
      .id as number
    const page = async () => (await search(tokens[READER], LEAVER)).json().data
    const texts = async () =>
      (await get(tokens[READER], '/api/v7/comment/list', { phone: '+493070400004' })).json().data.items.map((c: { id: number }) => c.id)
    expect((await page()).profile).toMatchObject({ id: ids[LEAVER], firstName: 'Lena', lastName: 'Leaver' })
    expect(await texts()).toEqual([commentId])
    const antispyBefore = (await user(ids[LEAVER])).antispy

    const res = await post(leaver, '/api/v6/profile/deactivate', { cancel: 1 })
    expect(res.statusCode, res.body).toBe(200)
    const data = deactivateResponse.parse(res.json()).data
    expect(Math.abs(data.deactivatedAtTimestamp - Date.now() / 1000)).toBeLessThan(60)
    expect(data.restoreUntilTimestamp - data.deactivatedAtTimestamp).toBe(30 * 86_400)

    // Every session is over, the other device's too.
    for (const token of [leaver, second]) expectError(await get(token, '/api/v6/profile/my'), 403, ERROR_CODES.SESSION_INVALID)
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, ids[LEAVER]))
    expect(live.every((s) => s.revokedAt !== null)).toBe(true)
    // Others see no profile on the number and not the comment.
    expect((await page()).profile).toMatchObject({ id: null, firstName: null, lastName: null })
    expect(await texts()).toEqual([])

    // Deactivating twice with the (now revoked) token: refused, nothing changes.
    const at = (await user(ids[LEAVER])).deactivatedAt
    expectError(await post(leaver, '/api/v6/profile/deactivate', { cancel: 1 }), 403, ERROR_CODES.SESSION_INVALID)
    expect((await user(ids[LEAVER])).deactivatedAt).toEqual(at)

    // Signing in again within 30 days restores the profile, the comment and the flags.
    const back = await signIn(t.app, LEAVER)
    expect(back).toMatchObject({ isNewUser: false, profileId: ids[LEAVER] })
    const me = (await get(back.token, '/api/v6/profile/my')).json().data
    expect(me).toMatchObject({ firstName: 'Lena', lastName: 'Leaver', antispy: antispyBefore })
    expect((await page()).profile).toMatchObject({ id: ids[LEAVER], firstName: 'Lena' })
    expect(await texts()).toEqual([commentId])
    expect((await t.database.db.select().from(comments).where(eq(comments.id, commentId)))[0].text).toBe('A polite reminder service')
  })

  it('takes cancel=1 as form data or JSON and refuses anything else with 400, changing nothing', async () => {
    const me = tokens[TWICE]
    for (const bad of [{}, { cancel: 0 }, { cancel: '0' }, { cancel: 'yes' }, { cancel: '' }] as Array<Record<string, string | number>>) {
      expectError(await post(me, '/api/v6/profile/deactivate', bad), 400, ERROR_CODES.VALIDATION)
    }
    for (const bad of [{ cancel: false }, { cancel: 2 }, { cancel: null }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v6/profile/deactivate', headers: bearer(me), payload: bad })
      expectError(res, 400, ERROR_CODES.VALIDATION)
    }
    expectError(await t.app.inject({ method: 'POST', url: '/api/v6/profile/deactivate', headers: bearer(me) }), 400)
    expect((await user(ids[TWICE])).deactivatedAt).toBeNull()
    expect((await get(me, '/api/v6/profile/my')).statusCode).toBe(200)

    const json = await t.app.inject({ method: 'POST', url: '/api/v6/profile/deactivate', headers: bearer(me), payload: { cancel: true } })
    expect(json.statusCode, json.body).toBe(200)
    expect((await user(ids[TWICE])).deactivatedAt).not.toBeNull()
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/v6/profile/deactivate', payload: { cancel: 1 } }),
      401,
      ERROR_CODES.UNAUTHORIZED,
    )
  })

  it('deactivates once when the same token calls twice at the same moment: the other call is a 409 or a 403', async () => {
    const { token, profileId } = await signIn(t.app, '+4915170400007')
    const results = await Promise.all([
      post(token, '/api/v6/profile/deactivate', { cancel: 1 }),
      post(token, '/api/v6/profile/deactivate', { cancel: 1 }),
    ])
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes[0]).toBe(200)
    expect([403, 409]).toContain(codes[1])
    expect((await user(profileId)).deactivatedAt).not.toBeNull()
  })
})
