import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, form, signIn, type TestApp } from '../../../tests/support/app'
import { balanceResponse, historyListResponse, mainLoadResponse, myProfileResponse, type HistoryItem } from '../../../contract/api/account'
import { ERROR_CODES } from '../../../contract/errors'
import { importedEvidence, tags } from '../../db/schema'
import { grantCoins } from '../coins/ledger-repository'
import { upsertNumber } from '../numbers/repository'

/** A multipart/form-data body as a browser builds it, with its boundary in the content type. */
async function multipart(fields: Record<string, string>) {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.set(k, v)
  const response = new Response(data)
  return { payload: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! }
}

describe.each(backends)('account and history on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
  })
  afterAll(async () => t?.close())

  const list = async (token: string, query: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v6/history/list', headers: bearer(token), query })
    expect(res.statusCode, res.body).toBe(200)
    return historyListResponse.parse(res.json()).data
  }
  const numbersOf = (items: HistoryItem[]) => items.map((i) => i.phoneNumber)
  const addForm = (token: string, fields: Record<string, string | number>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v6/history/add',
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(fields),
    })
  const search = (token: string, number: string) =>
    t.app.inject({ method: 'GET', url: `/api/v202505/search/${encodeURIComponent(number)}`, headers: bearer(token) })

  it('records each search, newest first, with limit, offset and order_by', async () => {
    const { token } = await signIn(t.app, '+4915111111101')
    for (const n of ['+493012345601', '+493012345602', '+493012345603']) expect((await search(token, n)).statusCode).toBe(200)
    const all = await list(token)
    expect(all.total).toBe(3)
    expect(numbersOf(all.items)).toEqual(['493012345603', '493012345602', '493012345601'])
    const now = Date.now() / 1000
    for (const item of all.items) expect(Math.abs(item.date - now)).toBeLessThan(60)

    expect(numbersOf((await list(token, { limit: '2' })).items)).toEqual(['493012345603', '493012345602'])
    const page2 = await list(token, { limit: '2', offset: '2' })
    expect(page2.total).toBe(3)
    expect(numbersOf(page2.items)).toEqual(['493012345601'])
    expect(numbersOf((await list(token, { order_by: 'old' })).items)).toEqual(['493012345601', '493012345602', '493012345603'])
    expect(numbersOf((await list(token, { order_by: 'new', limit: '1', offset: '1' })).items)).toEqual(['493012345602'])
    expect((await list(token, { offset: '10' })).items).toEqual([])

    // Each user sees only their own history.
    const other = await signIn(t.app, '+4915111111102')
    expect(await list(other.token)).toEqual({ items: [], total: 0 })
  })

  it('adds to the history from url-encoded and multipart form data', async () => {
    const { token } = await signIn(t.app, '+4915111111103')
    const base = Math.floor(Date.now() / 1000)
    const res = await addForm(token, { phoneNumber: '030 12345604', date: base - 300 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: true })

    const { payload, contentType } = await multipart({ phoneNumber: '+1 (201) 555-0123', date: String(base - 200) })
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/)
    const mp = await t.app.inject({
      method: 'POST',
      url: '/api/v6/history/add',
      headers: { ...bearer(token), 'content-type': contentType },
      payload,
    })
    expect(mp.statusCode, mp.body).toBe(200)

    // Milliseconds are read as such; no date means now.
    expect((await addForm(token, { phoneNumber: '+33612345678', date: (base - 100) * 1000 })).statusCode).toBe(200)
    const noDate = await multipart({ phoneNumber: '0151 11111199' })
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v6/history/add',
          headers: { ...bearer(token), 'content-type': noDate.contentType },
          payload: noDate.payload,
        })
      ).statusCode,
    ).toBe(200)

    const { items, total } = await list(token)
    expect(total).toBe(4)
    expect(items.map((i) => [i.phoneNumber, i.date])).toEqual([
      ['4915111111199', expect.any(Number)],
      ['33612345678', base - 100],
      ['12015550123', base - 200],
      ['493012345604', base - 300],
    ])
    expect(Math.abs(items[0].date - base)).toBeLessThan(60)
  })

  it('clears the history', async () => {
    const { token } = await signIn(t.app, '+4915111111104')
    await search(token, '+493012345605')
    await addForm(token, { phoneNumber: '+493012345606' })
    expect((await list(token)).total).toBe(2)
    const res = await t.app.inject({ method: 'POST', url: '/api/v6/history/clear', headers: bearer(token) })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: true })
    expect(await list(token)).toEqual({ items: [], total: 0 })
    // Searches after clearing are recorded again.
    await search(token, '+493012345607')
    expect(numbersOf((await list(token)).items)).toEqual(['493012345607'])
  })

  it('refuses bad input with 400 and a readable message, changing nothing', async () => {
    const { token } = await signIn(t.app, '+4915111111105')
    await addForm(token, { phoneNumber: '+493012345608' })
    const before = await list(token)
    expect(before.total).toBe(1)

    const badLists: Array<[Record<string, string>, RegExp]> = [
      [{ limit: '0' }, /limit/],
      [{ limit: 'abc' }, /limit/],
      [{ limit: '101' }, /limit/],
      [{ limit: '1.5' }, /limit/],
      [{ offset: '-1' }, /offset/],
      [{ order_by: 'rating' }, /order_by/],
    ]
    for (const [query, message] of badLists) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v6/history/list', headers: bearer(token), query })
      expect(res.statusCode, JSON.stringify(query)).toBe(400)
      expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.VALIDATION })
      expect(res.json().message).toMatch(message)
    }

    const future = Math.floor(Date.now() / 1000) + 3600
    const badAdds: Array<[Record<string, string | number>, RegExp, number]> = [
      [{ phoneNumber: 'not a number' }, /phoneNumber/, ERROR_CODES.NUMBER_INVALID],
      [{ phoneNumber: '12' }, /phoneNumber/, ERROR_CODES.NUMBER_INVALID],
      [{ phoneNumber: '' }, /phoneNumber/, ERROR_CODES.VALIDATION],
      [{ date: 1700000000 }, /phoneNumber/, ERROR_CODES.VALIDATION],
      [{ phoneNumber: '+493012345609', date: future }, /date/, ERROR_CODES.VALIDATION],
      [{ phoneNumber: '+493012345609', date: future * 1000 }, /date/, ERROR_CODES.VALIDATION],
      [{ phoneNumber: '+493012345609', date: 'yesterday' }, /date/, ERROR_CODES.VALIDATION],
      [{ phoneNumber: '+493012345609', date: -5 }, /date/, ERROR_CODES.VALIDATION],
      [{ phoneNumber: '+493012345609', date: 100 }, /date/, ERROR_CODES.VALIDATION],
      // Beyond what a JavaScript Date can hold.
      [{ phoneNumber: '+493012345609', date: 9_000_000_000_000_000 }, /date/, ERROR_CODES.VALIDATION],
      [{ phoneNumber: 'x'.repeat(65) }, /phoneNumber/, ERROR_CODES.VALIDATION],
    ]
    for (const [fields, message, code] of badAdds) {
      const res = await addForm(token, fields)
      expect(res.statusCode, JSON.stringify(fields)).toBe(400)
      expect(res.json(), JSON.stringify(fields)).toMatchObject({ status: false, status_code: code })
      expect(res.json().message).toMatch(message)
    }
    const bad = await multipart({ phoneNumber: 'garbage', date: '1700000000' })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v6/history/add',
      headers: { ...bearer(token), 'content-type': bad.contentType },
      payload: bad.payload,
    })
    expect(res.statusCode).toBe(400)
    expect(await list(token)).toEqual(before)
  })

  it('requires sign-in for every account call', async () => {
    for (const [method, url] of [
      ['GET', '/api/v6/history/list'],
      ['POST', '/api/v6/history/add'],
      ['POST', '/api/v6/history/clear'],
      ['GET', '/api/v6/profile/my'],
      ['GET', '/api/v6/numcy/balance'],
      ['GET', '/api/v202305/main/load'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        ...(method === 'POST'
          ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'phoneNumber=%2B493012345678' }
          : {}),
      })
      expect(res.statusCode, url).toBe(401)
      expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.UNAUTHORIZED })
    }
  })

  it('answers profile/my, numcy/balance and main/load in their contract shapes', async () => {
    const { token, profileId } = await signIn(t.app, '+4915111111106')
    const me = myProfileResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v6/profile/my', headers: bearer(token) })).json(),
    ).data
    expect(me).toMatchObject({
      profileId,
      phoneNumber: '+4915111111106',
      role: 'user',
      balance: 0,
      antispy: false,
      profileGoing: true,
      overlimit: false,
      isPro: false,
    })
    expect(Math.abs(me.createdAtTimestamp - Date.now() / 1000)).toBeLessThan(120)

    await grantCoins(t.database.db, profileId, 7, 'test_grant', `acct-${profileId}`)
    const bal = balanceResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v6/numcy/balance', headers: bearer(token) })).json(),
    ).data
    expect(bal).toEqual({ balance: 7 })

    const numberId = await upsertNumber(t.database.db, '+493077777777', 'DE')
    const [fraud] = await t.database.db.select({ id: tags.id }).from(tags).where(eq(tags.code, 'fraud'))
    await t.database.db.insert(importedEvidence).values({ numberId, source: 'test', tagId: fraud.id, label: 'G_FRAUD', votes: 42 })
    await search(token, '+493012345610')
    const main = mainLoadResponse.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/v202305/main/load', headers: bearer(token), query: { lang: 'en', platform: 'WEB' } })
      ).json(),
    ).data
    expect(main).toMatchObject({ searchDailyLimit: 30, leftRequests: 29, overlimitSearch: false })
    expect(main.featuredNumbers.map((f) => f.phoneNumber)).toContain('493077777777')
  })
})
