import crypto from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { searchResponse, type NumberProfile } from '../../../contract/api/number-profile'
import { bearer, createTestApp, form, signIn, type TestApp } from '../../../tests/support/app'
import { backends, twoServersOnOnePostgres } from '../../../tests/support/database'
import { untilCurrent } from '../../../tests/support/lease'
import { dailyUsage, numbers, searchHistory, users } from '../../db/schema'
import { openSession } from '../auth/sessions'
import { grantCoins } from '../coins/ledger'
import type { SharedWriteClock } from '../../db/shared-clock'
import { writeClockOf } from '../../db/write-clock'
import { KEPT_MS } from './kept-searches'

const today = () => new Date().toISOString().slice(0, 10)

describe('searches answered again from memory on the embedded database (ADR 0033)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite', { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
  })
  afterAll(async () => t?.close())
  afterEach(() => vi.useRealTimers())

  const search = (token: string, number: string) => t.app.inject({ method: 'GET', url: `/api/v202505/search/${encodeURIComponent(number)}`, headers: bearer(token) })
  async function found(token: string, number: string): Promise<NumberProfile> {
    const res = await search(token, number)
    expect(res.statusCode, res.body).toBe(200)
    return searchResponse.parse(res.json()).data
  }
  const hits = () => t.app.keptSearches!.hits
  const historyOf = async (userId: number) => (await t.database.db.select().from(searchHistory).where(eq(searchHistory.userId, userId))).length
  const usedToday = async (userId: number) =>
    (await t.database.db.select({ count: dailyUsage.count }).from(dailyUsage).where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, today()))))[0]?.count ?? 0

  it('answers the same search again as the slow way did, counting it once in all and recording it once (issue 30)', async () => {
    const { token, profileId } = await signIn(t.app, '+4915123450001')
    const first = await search(token, '+493012340001')
    const before = hits()
    const again = await search(token, '030 12340001')
    const third = await search(token, '+49 30 12340001')
    expect(hits() - before).toBe(2)
    // The same answer, the searches left too: a number looked up today opens free.
    expect(JSON.parse(first.body).data.common.leftRequests).toBe(29)
    expect(again.body).toBe(first.body)
    expect(third.body).toBe(first.body)
    expect(await historyOf(profileId)).toBe(1)
    expect(await usedToday(profileId)).toBe(1)
  })

  it('counts a first search, then 39 at once of the same number, once: 40 full answers', async () => {
    const { token, profileId } = await signIn(t.app, '+4915123450002')
    await found(token, '+493012340002')
    const before = hits()
    const answers = await Promise.all(Array.from({ length: 39 }, () => found(token, '+493012340002')))
    expect(hits() - before).toBeGreaterThan(20)
    expect(answers.filter((a) => !a.paidAlert.show)).toHaveLength(39)
    expect(answers.every((a) => a.common.leftRequests === 29)).toBe(true)
    expect(await usedToday(profileId)).toBe(1)
    expect(await historyOf(profileId)).toBe(1)
  })

  it('reads again after any write: coins granted are in the very next answer', async () => {
    const { token, profileId } = await signIn(t.app, '+4915123450003')
    const first = await found(token, '+493012340003')
    await found(token, '+493012340003')
    const before = hits()
    await grantCoins(t.database.db, profileId, 7, 'test')
    const after = await found(token, '+493012340003')
    expect(hits()).toBe(before)
    expect(after.common.balance).toBe(first.common.balance + 7)
    expect(after.common.leftRequests).toBe(29)
  })

  it('counts from the database again after a write: a count lowered by hand shows at once', async () => {
    const { token, profileId } = await signIn(t.app, '+4915123450008')
    for (const n of ['+493012340018', '+493012340028', '+493012340008']) await found(token, n)
    expect((await found(token, '+493012340008')).common.leftRequests).toBe(27)
    await t.database.db.update(dailyUsage).set({ count: 1 }).where(eq(dailyUsage.userId, profileId))
    expect((await found(token, '+493012340008')).common.leftRequests).toBe(29)
    const before = hits()
    expect((await found(token, '+493012340008')).common.leftRequests).toBe(29)
    expect(hits()).toBe(before + 1)
  })

  it('reads again once a kept answer is older than KEPT_MS', async () => {
    const { token } = await signIn(t.app, '+4915123450004')
    await found(token, '+493012340004')
    await found(token, '+493012340004')
    const before = hits()
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + KEPT_MS + 1 })
    await found(token, '+493012340004')
    expect(hits()).toBe(before)
    await found(token, '+493012340004')
    expect(hits()).toBe(before + 1)
  })

  it('keeps no answer past the limit, nor a paid one', async () => {
    const { token, profileId } = await signIn(t.app, '+4915123450005')
    await t.database.db.insert(dailyUsage).values({ userId: profileId, day: today(), count: 30 })
    const before = hits()
    for (let i = 0; i < 3; i++) expect((await found(token, '+493012340005')).paidAlert.show).toBe(true)
    expect(hits()).toBe(before)
    expect(await historyOf(profileId)).toBe(0)
  })
})

describe('searches from memory in production', () => {
  it('send the kept bytes, the searches left spliced in, as JSON', async () => {
    // Production's load shedding off: a loaded test machine must not answer 503 (the bench measures it).
    const t = await createTestApp('pglite', { NODE_ENV: 'production', PUBLIC_URL: 'https://callerid.example', PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0', PRESSURE_MAX_WAIT_MS: '0', PRESSURE_MAX_DB_WAITING: '0' })
    try {
      // No development sign-in in production: a session made as the providers' sign-in makes it.
      const [user] = await t.database.db.insert(users).values({ phone: '+4915123450007' }).returning({ id: users.id })
      const token = await openSession(t.database.db, t.app.tokens, user.id, 'test-device')
      const get = () => t.app.inject({ method: 'GET', url: '/api/v202505/search/%2B493012340007', headers: bearer(token) })
      // Kept answers last KEPT_MS by the clock: a stalled test process must not outlive them.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
      const first = await get()
      const before = t.app.keptSearches!.hits
      const again = await get()
      expect(t.app.keptSearches!.hits).toBe(before + 1)
      expect(again.statusCode).toBe(200)
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(again.headers['content-length']).toBe(String(again.rawPayload.length))
      expect(first.json().data.common.leftRequests).toBe(29)
      expect(again.body).toBe(first.body)
      expect(searchResponse.parse(again.json()).data.phone.number).toBe('+493012340007')
    } finally {
      vi.useRealTimers()
      await t.close()
    }
  })
})

describe.each(backends.filter((b) => b !== 'pglite'))('searches on %s without Redis', (backend) => {
  it('are never answered from memory: other processes’ writes would go unseen', async () => {
    const t = await createTestApp(backend)
    try {
      expect(t.app.keptSearches).toBeUndefined()
    } finally {
      await t.close()
    }
  })
})

const redisUrl = process.env.TEST_REDIS_URL

describe.skipIf(!process.env.TEST_DATABASE_URL || !redisUrl)('searches on two servers sharing PostgreSQL and Redis (ADR 0037)', () => {
  let servers: Awaited<ReturnType<typeof twoServersOnOnePostgres>>
  beforeAll(async () => {
    servers = await twoServersOnOnePostgres({ REDIS_URL: redisUrl!, AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    // Rate limit counters in the shared Redis are keyed by user id: ids no other test's database hands out.
    await servers.databases[0].db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), ${crypto.randomInt(1e8, 2e9)})`)
  })
  afterAll(async () => servers?.close())

  /** Searches asked so far (keptSearch may ask again). */
  let asked = 0
  const search = (i: number, token: string, number: string) => {
    asked++
    return servers.apps[i].inject({ method: 'GET', url: `/api/v202505/search/${encodeURIComponent(number)}`, headers: bearer(token) })
  }
  async function found(i: number, token: string, number: string): Promise<NumberProfile> {
    const res = await search(i, token, number)
    expect(res.statusCode, res.body).toBe(200)
    return searchResponse.parse(res.json()).data
  }
  const post = (i: number, token: string, url: string, params: Record<string, string | number>) =>
    servers.apps[i].inject({ method: 'POST', url, headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' }, payload: form(params) })
  const hits = (i: number) => servers.apps[i].keptSearches!.hits
  /**
   * A search answered from memory: asked once its server heard Redis within the lease (30 ms), and
   * asked again while it was not (a loaded machine can miss the lease between that check and the
   * search's own; the answer then comes from the database, as it must). Up to 5 s.
   */
  async function keptSearch(i: number, token: string, number: string) {
    const clock = writeClockOf(servers.databases[i].db)!
    const deadline = performance.now() + 5_000
    for (;;) {
      await untilCurrent(clock, deadline)
      const before = hits(i)
      const res = await search(i, token, number)
      if (hits(i) > before || res.statusCode !== 200 || performance.now() >= deadline) return res
    }
  }
  // Kept answers last KEPT_MS by the clock: a stalled test process must not outlive them.
  beforeEach(() => void vi.useFakeTimers({ toFake: ['Date'], now: Date.now() }))
  afterEach(() => void vi.useRealTimers())

  it('answer one’s own number again from memory, and a comment or a sign-out on the other server is in the very next answer', async () => {
    const number = '+493012349001'
    const owner = await signIn(servers.apps[0], number)
    const author = await signIn(servers.apps[1], '+4915123459001')
    const first = await search(0, owner.token, number)
    expect(first.statusCode, first.body).toBe(200)
    const before = hits(0)
    const again = await keptSearch(0, owner.token, number)
    expect(hits(0)).toBe(before + 1)
    expect(again.body).toBe(first.body)

    for (const text of ['Asks for a card PIN', 'Asks for a card PIN and the TAN']) {
      const added = await post(1, author.token, '/api/v7/comment/add', { phone: number, text })
      expect(added.statusCode, added.body).toBe(200)
      // Answered only once every process has heard of the write (the lease after it reached Redis).
      expect((writeClockOf(servers.databases[1].db) as SharedWriteClock).heardByAllAt).toBeLessThanOrEqual(performance.now())
      const hitsBefore = hits(0)
      const next = await found(0, owner.token, number)
      expect(next.comments.map((c) => c.text)).toEqual([text])
      expect(hits(0)).toBe(hitsBefore)
      // And kept again from there.
      expect((await keptSearch(0, owner.token, number)).statusCode).toBe(200)
      expect(hits(0)).toBe(hitsBefore + 1)
    }

    expect((await post(1, owner.token, '/api/v6/auth/logout', {})).statusCode).toBe(200)
    expect((await search(0, owner.token, number)).statusCode).toBe(403)
  })

  it('never answer a counted search from memory: the database counts, exactly across servers', async () => {
    const searcher = await signIn(servers.apps[0], '+4915123459002')
    const before = [hits(0), hits(1)]
    const left = []
    for (let i = 0; i < 4; i++) left.push((await found(i % 2, searcher.token, `+49301234900${2 + i}`)).common.leftRequests)
    // The same number again, on either server: looked up today already, it counts nothing (issue 30).
    for (let i = 0; i < 2; i++) left.push((await found(i % 2, searcher.token, '+493012349002')).common.leftRequests)
    expect(left).toEqual([29, 28, 27, 26, 26, 26])
    expect([hits(0), hits(1)]).toEqual(before)
  })

  it('record one history row a day for a number answered again from memory', async () => {
    const number = '+493012349013'
    const owner = await signIn(servers.apps[1], number)
    const askedBefore = asked
    await found(1, owner.token, number)
    for (let i = 0; i < 2; i++) expect((await keptSearch(1, owner.token, number)).statusCode).toBe(200)
    expect(hits(1)).toBeGreaterThan(0)
    expect(asked - askedBefore).toBeGreaterThanOrEqual(3)
    // One row for the day (issue 30), from memory or not.
    const rows = await servers.databases[0].db.select().from(searchHistory).where(eq(searchHistory.userId, owner.profileId))
    expect(rows).toHaveLength(1)
    // No foreign keys hold them (ADR 0039): every row names a stored user and number.
    const orphans = await servers.databases[0].db.execute(sql`select count(*)::int as n from ${searchHistory} h
      where not exists (select 1 from ${users} u where u.id = h.user_id) or not exists (select 1 from ${numbers} n where n.id = h.number_id)`)
    expect((orphans as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(0)
  })
})
