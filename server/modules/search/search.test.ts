import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, signIn, type TestApp } from '../../../tests/support/app'
import { apiClient } from '../../../tests/support/api'
import { searchResponse, type NumberProfile } from '../../../contract/api/number-profile'
import { ERROR_CODES } from '../../../contract/errors'
import {
  coinLedger,
  dailyUsage,
  importedEvidence,
  numbers,
  pageEpoch,
  pageVersions,
  searchHistory,
  sessions,
  tags,
  users,
} from '../../db/schema'
import { refreshBlocklist } from '../blocklist/repository'
import { grantCoins } from '../coins/ledger-repository'
import { loadUntouchedPage } from '../numbers/page-repository'
import { upsertNumber } from '../numbers/repository'
import { FREE_LIMITS, startSearch } from './repository'

describe.each(backends)('search on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
  })
  afterAll(async () => t?.close())

  const search = (token: string, number: string, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v202505/search/${encodeURIComponent(number)}`, headers: bearer(token), query })
  async function found(token: string, number: string, query: Record<string, string> = {}): Promise<NumberProfile> {
    const res = await search(token, number, query)
    expect(res.statusCode, res.body).toBe(200)
    return searchResponse.parse(res.json()).data
  }
  const leftToday = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v202305/main/load', headers: bearer(token) })).json().data.leftRequests as number
  const balance = async (userId: number) =>
    (await t.database.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)))[0].balance
  /** Who a signed-in person is to startSearch: their session, and the phone and role the auth hook took them for. */
  async function lookingUp(userId: number) {
    const [session] = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))
    const [user] = await t.database.db.select({ phone: users.phone, role: users.role }).from(users).where(eq(users.id, userId))
    return { userId, sessionId: session.id, phone: user.phone, role: user.role }
  }
  /** Uses up today's allowance directly, so the tests past the limit need not run 30 searches each. */
  const exhaust = (userId: number) =>
    t.database.db
      .insert(dailyUsage)
      .values({ userId, day: new Date().toISOString().slice(0, 10), count: 30 })
      .onConflictDoUpdate({ target: [dailyUsage.userId, dailyUsage.day], set: { count: 30 } })

  it('requires sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v202505/search/%2B493012345678' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.UNAUTHORIZED })
    const bad = await t.app.inject({ method: 'GET', url: '/api/v202505/search/%2B493012345678', headers: { authorization: 'Bearer nope' } })
    expect(bad.statusCode).toBe(403)
  })

  it("reads a national number with the searcher's region and answers the full profile with defaults", async () => {
    const { token } = await signIn(t.app, '+4915123456789')
    const de = await found(token, '03012345678')
    expect(de.phone.number).toBe('+493012345678')
    expect(de.targetPhoneNumber).toBe('493012345678')
    expect(de.phone.region).toContain('Germany')
    expect(de.phone.region).toContain('Berlin')
    expect(de.metrics.index).toBe(5)
    expect(de.common.leftRequests).toBe(29)
    expect(de.common.isPaidRequest).toBe(false)
    expect(de.paidAlert).toEqual({ show: false, paidSearchPrice: 1 })
    expect(de.comments).toEqual([])
    expect(de.evidence).toEqual([])
    expect(de.tagsTop.categories).toEqual([])
    // A mobile number: the carrier it was first given to.
    const mobile = await found(token, '0151 23456780')
    expect(mobile.phone.number).toBe('+4915123456780')
    expect(mobile.phone.carrier).toBeTruthy()
    expect(mobile.common.leftRequests).toBe(28)
    // International forms read the same everywhere.
    expect((await found(token, '+1 201-555-0123')).phone.number).toBe('+12015550123')
    expect((await found(token, '0012015550123')).phone.number).toBe('+12015550123')

    const us = await signIn(t.app, '+12125550199')
    const fromUs = await found(us.token, '2015550123')
    expect(fromUs.phone.number).toBe('+12015550123')
    expect(fromUs.targetPhoneNumber).toBe('12015550123')
    expect(fromUs.phone.region).toContain('United States')
    expect(fromUs.common.leftRequests).toBe(29)
  })

  it('answers 404 with the error envelope for what is not a phone number, without counting it', async () => {
    const { token } = await signIn(t.app, '+4915123456781')
    for (const number of ['hello', 'abc123def', '5', '1', '12', '112', '110', '+49', '0000000', '+999123456789', '++--', '0049', '22222']) {
      const res = await search(token, number)
      expect(res.statusCode, number).toBe(404)
      expect(res.json(), number).toMatchObject({ status: false, status_code: ERROR_CODES.NUMBER_INVALID, message: expect.any(String) })
    }
    const us = await signIn(t.app, '+12125550198')
    for (const number of ['911', '411', '311']) expect((await search(us.token, number)).statusCode, number).toBe(404)
    for (const number of ['1'.repeat(65), '%', '..', ' ']) expect((await search(token, number)).statusCode, number).toBeLessThan(500)
    const res = await search(token, '+493012345678', { paidSearch: 'yes' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/paidSearch/)
    expect(await leftToday(token)).toBe(30)
    expect(await leftToday(us.token)).toBe(30)
  })

  it('limits to 30 searches a day, then answers only the phone block with the paid alert', async () => {
    const { token } = await signIn(t.app, '+4915123456782')
    for (let i = 0; i < 30; i++) {
      const p = await found(token, `+4930123456${String(i).padStart(2, '0')}`)
      expect(p.common.leftRequests).toBe(29 - i)
      expect(p.paidAlert.show).toBe(false)
    }
    const limited = await found(token, '+493012345699')
    expect(limited.phone).toMatchObject({ number: '+493012345699', region: expect.stringContaining('Berlin') })
    expect(limited.targetPhoneNumber).toBe('493012345699')
    expect(limited.common.leftRequests).toBe(0)
    expect(limited.paidAlert).toEqual({ show: true, paidSearchPrice: 1 })
    expect(limited.metrics.index).toBe(5)
    expect(limited.evidence).toEqual([])
    // Still limited, and the count never goes negative.
    expect((await found(token, '+493012345698')).common.leftRequests).toBe(0)
    expect(await leftToday(token)).toBe(0)
    // A refused search is neither in the history nor makes the number known.
    const history = await t.database.db
      .select({ e164: numbers.e164 })
      .from(searchHistory)
      .innerJoin(numbers, eq(numbers.id, searchHistory.numberId))
      .innerJoin(users, eq(users.id, searchHistory.userId))
      .where(eq(users.phone, '+4915123456782'))
    expect(history).toHaveLength(30)
    expect(history.some((h) => h.e164 === '+493012345699' || h.e164 === '+493012345698')).toBe(false)
    expect(await t.database.db.select().from(numbers).where(eq(numbers.e164, '+493012345699'))).toEqual([])
    // Your own number is always free.
    const own = await found(token, '015123456782')
    expect(own.paidAlert.show).toBe(false)
    expect(own.common.profileView).toBe('OWNER')
  })

  it('does not count looking up your own number', async () => {
    const { token } = await signIn(t.app, '+4915123456783')
    for (const own of ['+4915123456783', '015123456783', '0049 151 23456783']) {
      const p = await found(token, own)
      expect(p.common.leftRequests).toBe(30)
      expect(p.common.profileView).toBe('OWNER')
    }
    expect(await leftToday(token)).toBe(30)
    expect((await found(token, '+493012345678')).common.leftRequests).toBe(29)
  })

  it('makes the search past the limit a paid one with overlimit on, paidSearch=1 and coins', async () => {
    const { token, profileId } = await signIn(t.app, '+4915123456784')
    await t.database.db.update(users).set({ overlimit: true }).where(eq(users.id, profileId))
    await grantCoins(t.database.db, profileId, 2, 'test_grant', `grant-${profileId}`)
    await exhaust(profileId)

    // Without asking for a paid search it stays limited and costs nothing.
    expect((await found(token, '+493012345601')).paidAlert.show).toBe(true)
    expect(await balance(profileId)).toBe(2)

    const paid = await found(token, '+493012345602', { paidSearch: '1' })
    expect(paid.paidAlert.show).toBe(false)
    expect(paid.common).toMatchObject({ isPaidRequest: true, leftRequests: 0, balance: 1 })
    expect(paid.phone.region).toContain('Berlin')
    expect(await balance(profileId)).toBe(1)
    const ledger = await t.database.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, profileId), eq(coinLedger.reason, 'paid_search')))
    expect(ledger).toHaveLength(1)
    expect(ledger[0]).toMatchObject({ delta: -1, balanceAfter: 1 })

    expect((await found(token, '+493012345603', { paidSearch: '1' })).common.balance).toBe(0)
    // Out of coins: limited again, and the balance stays at zero.
    const broke = await found(token, '+493012345604', { paidSearch: '1' })
    expect(broke.paidAlert.show).toBe(true)
    expect(broke.common).toMatchObject({ leftRequests: 0, balance: 0, isPaidRequest: false })
    expect(await balance(profileId)).toBe(0)
    expect(
      await t.database.db
        .select()
        .from(coinLedger)
        .where(and(eq(coinLedger.userId, profileId), eq(coinLedger.reason, 'paid_search'))),
    ).toHaveLength(2)
  })

  it('does not charge without overlimit or without coins', async () => {
    const rich = await signIn(t.app, '+4915123456785')
    await grantCoins(t.database.db, rich.profileId, 5, 'test_grant', `grant-${rich.profileId}`)
    await exhaust(rich.profileId)
    const noOverlimit = await found(rich.token, '+493012345605', { paidSearch: '1' })
    expect(noOverlimit.paidAlert.show).toBe(true)
    expect(noOverlimit.common.balance).toBe(5)
    expect(await balance(rich.profileId)).toBe(5)

    const poor = await signIn(t.app, '+4915123456786')
    await t.database.db.update(users).set({ overlimit: true }).where(eq(users.id, poor.profileId))
    await exhaust(poor.profileId)
    const limited = await found(poor.token, '+493012345606', { paidSearch: '1' })
    expect(limited.paidAlert.show).toBe(true)
    expect(limited.common).toMatchObject({ leftRequests: 0, balance: 0 })
    expect(await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, poor.profileId))).toHaveLength(0)
  })

  it('gives exactly 30 full results to 40 parallel searches of a fresh user', async () => {
    const { token } = await signIn(t.app, '+4915123456787')
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => found(token, `+4930987654${String(i).padStart(2, '0')}`)))
    const full = results.filter((r) => !r.paidAlert.show)
    const limited = results.filter((r) => r.paidAlert.show)
    expect(full).toHaveLength(30)
    expect(limited).toHaveLength(10)
    expect(full.map((r) => r.common.leftRequests).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i))
    expect(limited.every((r) => r.common.leftRequests === 0)).toBe(true)
    expect(await leftToday(token)).toBe(0)
  })

  it('writes the index shown on every history row when many people look up many numbers at once (the writes go together)', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, (_, i) => signIn(t.app, `+49151234504${String(i).padStart(2, '0')}`)))
    const [fraud] = await t.database.db.select({ id: tags.id }).from(tags).where(eq(tags.code, 'fraud'))
    const dialled = Array.from({ length: 8 }, (_, i) => `+4930123404${String(i).padStart(2, '0')}`)
    for (const [i, e164] of dialled.entries()) {
      const numberId = await upsertNumber(t.database.db, e164, 'DE')
      await t.database.db
        .insert(importedEvidence)
        .values({ numberId, source: 'phoneblock', tagId: fraud.id, label: 'G_FRAUD', votes: 5 * (i + 1), lastSeen: new Date() })
    }
    const shown = await Promise.all(
      people.flatMap((who) => dialled.map(async (e164) => ({ who, e164, index: (await found(who.token, e164)).metrics.index }))),
    )
    expect(new Set(shown.map((s) => s.index)).size).toBeGreaterThan(1)
    for (const { who, e164, index } of shown) {
      const [row] = await t.database.db
        .select({ index: searchHistory.index })
        .from(searchHistory)
        .innerJoin(numbers, eq(numbers.id, searchHistory.numberId))
        .where(and(eq(searchHistory.userId, who.profileId), eq(numbers.e164, e164)))
      expect(row.index, `${who.profileId} ${e164}`).toBe(index)
    }
  })

  it('writes on each history row the index that person was shown, also when the page changed between two people', async () => {
    const first = await signIn(t.app, '+4915123450311')
    const second = await signIn(t.app, '+4915123450312')
    const third = await signIn(t.app, '+4915123450313')
    const shownTo = async (who: { token: string; profileId: number }) => {
      const index = (await found(who.token, '+493012340311')).metrics.index
      const [row] = await t.database.db.select().from(searchHistory).where(eq(searchHistory.userId, who.profileId))
      return { index, written: row.index }
    }
    const before = await shownTo(first)
    expect(before).toEqual({ index: 5, written: 5 })
    // The same page for the next person: the index goes with the history row in the look-up's first statement.
    expect(await shownTo(second)).toEqual(before)
    // The page changes (300 fraud votes imported): the next person is shown, and keeps, the new index.
    const numberId = await upsertNumber(t.database.db, '+493012340311', 'DE')
    const [fraud] = await t.database.db.select({ id: tags.id }).from(tags).where(eq(tags.code, 'fraud'))
    await t.database.db
      .insert(importedEvidence)
      .values({ numberId, source: 'phoneblock', tagId: fraud.id, label: 'G_FRAUD', votes: 300, lastSeen: new Date() })
    const after = await shownTo(third)
    expect(after.index).toBeLessThan(3)
    expect(after.written).toBe(after.index)
  })

  it("writes the page's index on the history row when the blocklist kept in memory guessed another, and the guess when it was right", async () => {
    const who = await signIn(t.app, '+4915123450321')
    const [guessed, wrong, unknown] = ['+493012340321', '+493012340322', '+493012340323']
    const [fraud] = await t.database.db.select({ id: tags.id }).from(tags).where(eq(tags.code, 'fraud'))
    for (const e164 of [guessed, wrong]) {
      const numberId = await upsertNumber(t.database.db, e164, 'DE')
      await t.database.db
        .insert(importedEvidence)
        .values({ numberId, source: 'phoneblock', tagId: fraud.id, label: 'G_FRAUD', votes: 40, lastSeen: new Date() })
    }
    await refreshBlocklist(t.database.db, { full: true })
    t.app.blocklist.indexGuess(guessed)
    await t.app.blocklist.settled()
    // The entry of one says 9.9 (its page version unchanged): a guess the page will contradict.
    await t.database.db.execute(
      sql`update blocklist_entries set reputation = 9.9 where number_id = (select id from numbers where e164 = ${wrong})`,
    )
    await vi.waitFor(() => expect(t.app.blocklist.indexGuess(wrong)?.index).toBe(9.9))
    expect(t.app.blocklist.indexGuess(guessed)?.index).toBeLessThan(5)
    expect(t.app.blocklist.indexGuess(unknown)).toMatchObject({ version: 0, index: 5 })
    for (const e164 of [guessed, wrong, unknown]) {
      const index = (await found(who.token, e164)).metrics.index
      const [row] = await t.database.db
        .select({ index: searchHistory.index })
        .from(searchHistory)
        .innerJoin(numbers, eq(numbers.id, searchHistory.numberId))
        .where(and(eq(searchHistory.userId, who.profileId), eq(numbers.e164, e164)))
      expect(row.index, e164).toBe(index)
      if (e164 === wrong) expect(index).toBeLessThan(5)
      if (e164 === guessed) expect(index).toBe(t.app.blocklist.indexGuess(guessed)?.index)
    }
  })

  it("reads an untouched number's public page in the look-up's first statement when asked, the same page its own statement reads", async () => {
    const who = await signIn(t.app, '+4915123450331')
    const [fraud] = await t.database.db.select({ id: tags.id }).from(tags).where(eq(tags.code, 'fraud'))
    const [untouched, written, fresh] = ['+493012340331', '+493012340332', '+493012340333']
    for (const e164 of [untouched, written]) {
      const numberId = await upsertNumber(t.database.db, e164, 'DE')
      await t.database.db
        .insert(importedEvidence)
        .values({ numberId, source: 'phoneblock', tagId: fraud.id, label: 'G_FRAUD', votes: 12, lastSeen: new Date() })
    }
    // Somebody banned one: its page has a version, and is not the small one.
    const other = await signIn(t.app, '+4915123450332')
    expect((await apiClient(t.app).post(other.token, '/api/v6/ban/add', { phone: written })).statusCode).toBe(200)
    const viewer = await lookingUp(who.profileId)
    const start = (e164: string, readUntouched: boolean) =>
      startSearch(t.database.db, {
        ...viewer,
        e164,
        country: 'DE',
        own: false,
        limits: FREE_LIMITS,
        readUntouched,
      })
    const first = await start(untouched, true)
    expect(first.untouched).toEqual(await loadUntouchedPage(t.database.db, first.numberId!, untouched))
    expect(first.untouched!.evidence.imported).toHaveLength(1)
    expect((await start(untouched, false)).untouched).toBeNull()
    const banned = await start(written, true)
    expect(banned.untouched).toBeNull()
    // The versions the statement reads once for each number (ADR 0067) are the page's: the viewer's part carries them.
    const [epoch] = await t.database.db.select({ epoch: pageEpoch.epoch }).from(pageEpoch)
    const [bannedVersion] = await t.database.db
      .select({ version: pageVersions.version })
      .from(pageVersions)
      .where(eq(pageVersions.numberId, banned.numberId!))
    expect(bannedVersion.version).toBeGreaterThan(0)
    expect(banned.part).toMatchObject({ version: Number(bannedVersion.version), epoch: Number(epoch.epoch) })
    expect(first.part).toMatchObject({ version: 0, epoch: Number(epoch.epoch) })
    expect(first.untouched).toMatchObject({ version: 0, epoch: Number(epoch.epoch) })
    // A number seen for the first time: created by the statement, its (empty) page with it.
    const created = await start(fresh, true)
    expect(created.untouched).toEqual(await loadUntouchedPage(t.database.db, created.numberId!, fresh))
    // And the page the look-up shows from it is the page read on its own.
    const shown = await found(who.token, untouched)
    expect(shown.metrics.index).toBeLessThan(5)
  })

  it('starts look-ups made at once in shared statements, each answered as if alone: a new number two people look up, one person twice, a session ended', async () => {
    const people = await Promise.all(['+4915123450341', '+4915123450342', '+4915123450343', '+4915123450344'].map((p) => signIn(t.app, p)))
    const as = await Promise.all(people.map(({ profileId }) => lookingUp(profileId)))
    await exhaust(as[3].userId)
    const [shared, own2, other] = ['+493012340341', '+493012340342', '+493012340343']
    const start = (who: (typeof as)[number], e164: string, sessionId = who.sessionId) =>
      startSearch(t.database.db, { ...who, sessionId, e164, country: 'DE', own: false, limits: FREE_LIMITS })
    // All six are asked in one turn, so they go in one batch (ADR 0066) but for each person's second look-up,
    // which waits for the next (one per person in a statement): the first look-ups of the shared number share one statement.
    const [e, b, c, f, a, d] = await Promise.all([
      start(as[3], shared),
      start(as[0], shared),
      start(as[1], shared),
      start(as[2], shared, '00000000-0000-4000-8000-000000000000').catch((err: Error) => err.constructor.name),
      start(as[0], other),
      start(as[1], own2),
    ])
    expect(f).toBe('SessionChanged')
    // Both counted, one number row for the new number, one history row each.
    expect([b.used, c.used, a.used, d.used]).toEqual([1, 1, 2, 2])
    expect(b.numberId).not.toBeNull()
    expect(c.numberId).toBe(b.numberId)
    expect(await t.database.db.select({ id: numbers.id }).from(numbers).where(eq(numbers.e164, shared))).toHaveLength(1)
    // Written by one statement: the same transaction (a batch that failed would have been run again one look-up at a time).
    const writers = await t.database.db
      .select({ xmin: sql<string>`${searchHistory}.xmin::text` })
      .from(searchHistory)
      .where(eq(searchHistory.numberId, b.numberId!))
    expect(writers).toHaveLength(2)
    expect(writers[0].xmin).toBe(writers[1].xmin)
    // Past the limit: refused, nothing recorded.
    expect(e).toMatchObject({ left: null, numberId: null })
    const rows = await t.database.db
      .select({ userId: searchHistory.userId, e164: numbers.e164 })
      .from(searchHistory)
      .innerJoin(numbers, eq(numbers.id, searchHistory.numberId))
      .where(
        sql`${searchHistory.userId} in (${sql.join(
          as.map((w) => sql`${w.userId}`),
          sql`, `,
        )})`,
      )
    expect(rows.map((r) => `${r.userId} ${r.e164}`).sort()).toEqual(
      [`${as[0].userId} ${other}`, `${as[0].userId} ${shared}`, `${as[1].userId} ${shared}`, `${as[1].userId} ${own2}`].sort(),
    )
  })

  it('counts 10 simultaneous first look-ups of one number by one person once, in one history row', async () => {
    const { token, profileId } = await signIn(t.app, '+4915123450301')
    const results = await Promise.all(Array.from({ length: 10 }, () => found(token, '+493012340301')))
    expect(results.every((r) => !r.paidAlert.show)).toBe(true)
    expect(await leftToday(token)).toBe(29)
    const rows = await t.database.db.select().from(searchHistory).where(eq(searchHistory.userId, profileId))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ lookedUp: true, paid: false })
  })

  it('takes back the history row of a look-up the limit refused after all: 12 first look-ups at once with 5 searches left', async () => {
    const { token, profileId } = await signIn(t.app, '+4915123450302')
    await t.database.db.insert(dailyUsage).values({ userId: profileId, day: new Date().toISOString().slice(0, 10), count: 25 })
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => found(token, `+4930123403${String(i).padStart(2, '0')}`)))
    const full = results.filter((r) => !r.paidAlert.show)
    expect(full).toHaveLength(5)
    expect(await leftToday(token)).toBe(0)
    // Exactly the numbers answered in full are looked up today: the others open limited, not free.
    const rows = await t.database.db.select().from(searchHistory).where(eq(searchHistory.userId, profileId))
    expect(rows.map((r) => r.lookedUp)).toEqual([true, true, true, true, true])
    const limitedNumber = results.find((r) => r.paidAlert.show)!.phone.number
    expect((await found(token, limitedNumber)).paidAlert.show).toBe(true)
  })

  it('charges one coin for 8 simultaneous paid look-ups of one number by one person', async () => {
    const { token, profileId } = await signIn(t.app, '+4915123450303')
    await t.database.db.update(users).set({ overlimit: true }).where(eq(users.id, profileId))
    await grantCoins(t.database.db, profileId, 5, 'test_grant', `grant-${profileId}`)
    await exhaust(profileId)
    const results = await Promise.all(Array.from({ length: 8 }, () => found(token, '+493012340399', { paidSearch: '1' })))
    expect(results.every((r) => !r.paidAlert.show && r.common.isPaidRequest)).toBe(true)
    expect(await balance(profileId)).toBe(4)
    expect(
      await t.database.db
        .select()
        .from(coinLedger)
        .where(and(eq(coinLedger.userId, profileId), eq(coinLedger.reason, 'paid_search'))),
    ).toHaveLength(1)
    expect(await t.database.db.select().from(searchHistory).where(eq(searchHistory.userId, profileId))).toHaveLength(1)
  })

  // Issue 30: the number page's actions reload the search; a look-up is counted once a day.
  const { postOk: post } = apiClient(() => t.app)
  const historyRows = (userId: number) =>
    t.database.db.select().from(searchHistory).where(eq(searchHistory.userId, userId)).orderBy(searchHistory.id)

  it('counts a look-up once: the same search again, as the page reloads it after each action, counts nothing and adds no history row', async () => {
    const { token, profileId } = await signIn(t.app, '+4915123450201')
    const numberId = await upsertNumber(t.database.db, '+493012340201', 'DE')
    const [fraud] = await t.database.db.select({ id: tags.id }).from(tags).where(eq(tags.code, 'fraud'))
    await t.database.db
      .insert(importedEvidence)
      .values({ numberId, source: 'phoneblock', tagId: fraud.id, label: 'G_FRAUD', votes: 40, lastSeen: new Date() })
    const first = await found(token, '+493012340201')
    expect(first.common.leftRequests).toBe(29)
    // A note, a name and a comment, each followed by the page's reload of the search.
    await post(token, '/api/v7/notice/add', { phone: '+493012340201', text: 'the plumber?' })
    expect((await found(token, '+493012340201')).notice).toMatchObject({ text: 'the plumber?' })
    await post(token, '/api/v6/suggest/add', { phone: '+493012340201', first_name: 'Pat', last_name: 'Plumber' })
    expect((await found(token, '030 12340201')).suggestedProfile).toEqual({ firstName: 'Pat', lastName: 'Plumber' })
    await post(token, '/api/v7/comment/add', { phone: '+493012340201', text: 'Calls about a leaking pipe' })
    const last = await found(token, '+49 30 12340201')
    expect(last.myComment?.text).toBe('Calls about a leaking pipe')
    expect(last.common.leftRequests).toBe(29)
    expect(last.paidAlert.show).toBe(false)
    expect(await leftToday(token)).toBe(29)
    const rows = await historyRows(profileId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ numberId, paid: false, lookedUp: true, day: new Date().toISOString().slice(0, 10) })
    expect(rows[0].index).not.toBeNull()
    expect(rows[0].index).toBe(last.metrics.index)
    expect(rows[0].index).toBeLessThan(5)
    // Another number still counts.
    expect((await found(token, '+493012340202')).common.leftRequests).toBe(28)
  })

  it('counts a number looked up yesterday again today, in a history row of its own', async () => {
    const { token, profileId } = await signIn(t.app, '+4915123450202')
    expect((await found(token, '+493012340203')).common.leftRequests).toBe(29)
    const yesterday = new Date(Date.now() - 86_400_000)
    await t.database.db
      .update(searchHistory)
      .set({ day: yesterday.toISOString().slice(0, 10), searchedAt: yesterday })
      .where(eq(searchHistory.userId, profileId))
    expect((await found(token, '+493012340203')).common.leftRequests).toBe(28)
    expect((await found(token, '+493012340203')).common.leftRequests).toBe(28)
    const rows = await historyRows(profileId)
    expect(rows.map((r) => r.day)).toEqual([yesterday.toISOString().slice(0, 10), new Date().toISOString().slice(0, 10)])
    expect(rows.every((r) => r.index === 5)).toBe(true)
  })

  it('keeps a paid look-up paid for the day: one coin, and the page reloaded without paidSearch is still the full page', async () => {
    const { token, profileId } = await signIn(t.app, '+4915123450203')
    await t.database.db.update(users).set({ overlimit: true }).where(eq(users.id, profileId))
    await grantCoins(t.database.db, profileId, 3, 'test_grant', `grant-${profileId}`)
    await exhaust(profileId)
    const paid = await found(token, '+493012340204', { paidSearch: '1' })
    expect(paid.paidAlert.show).toBe(false)
    expect(paid.common).toMatchObject({ isPaidRequest: true, balance: 2 })
    // The note, then the page's reload of the search, as the web app sends it (paidSearch=0).
    await post(token, '/api/v7/notice/add', { phone: '+493012340204', text: 'paid for this one' })
    const reloaded = await found(token, '+493012340204', { paidSearch: '0' })
    expect(reloaded.paidAlert.show).toBe(false)
    expect(reloaded.notice).toMatchObject({ text: 'paid for this one' })
    expect(reloaded.common).toMatchObject({ isPaidRequest: true, leftRequests: 0, balance: 2 })
    // Asked as a paid search again the same day: free too.
    expect((await found(token, '+493012340204', { paidSearch: '1' })).common).toMatchObject({ isPaidRequest: true, balance: 2 })
    expect(await balance(profileId)).toBe(2)
    expect(
      await t.database.db
        .select()
        .from(coinLedger)
        .where(and(eq(coinLedger.userId, profileId), eq(coinLedger.reason, 'paid_search'))),
    ).toHaveLength(1)
    const rows = await historyRows(profileId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ paid: true, lookedUp: true })
    expect(rows[0].index).toBe(5)
    // Another number past the limit is still limited, and costs nothing without paidSearch=1.
    expect((await found(token, '+493012340205')).paidAlert.show).toBe(true)
    expect(await balance(profileId)).toBe(2)
  })

  it('does not open free a number only added to the history by the client (history/add)', async () => {
    const { token, profileId } = await signIn(t.app, '+4915123450204')
    await post(token, '/api/v6/history/add', { phoneNumber: '+493012340206' })
    await post(token, '/api/v6/history/add', { phoneNumber: '+493012340206' })
    expect((await found(token, '+493012340206')).common.leftRequests).toBe(29)
    expect((await found(token, '+493012340206')).common.leftRequests).toBe(29)
    // Past the limit it is limited like any other number.
    await post(token, '/api/v6/history/add', { phoneNumber: '+493012340207' })
    await exhaust(profileId)
    expect((await found(token, '+493012340207')).paidAlert.show).toBe(true)
    // One row per number and day.
    const rows = await historyRows(profileId)
    expect(rows.map((r) => [r.lookedUp, r.index])).toEqual([
      [true, 5],
      [false, null],
    ])
  })

  it('shows a number looked up again after the history was cleared in the list again, without counting it', async () => {
    const { token, profileId } = await signIn(t.app, '+4915123450205')
    await found(token, '+493012340208')
    expect((await t.app.inject({ method: 'POST', url: '/api/v6/history/clear', headers: bearer(token) })).statusCode).toBe(200)
    expect((await found(token, '+493012340208')).common.leftRequests).toBe(29)
    const rows = await historyRows(profileId)
    expect(rows).toHaveLength(1)
    expect(rows[0].clearedAt).toBeNull()
  })

  it('weighs imported evidence: 300 fraud votes pull the index far below 5', async () => {
    const { token } = await signIn(t.app, '+4915123456788')
    const numberId = await upsertNumber(t.database.db, '+493055555555', 'DE')
    const [fraud] = await t.database.db.select({ id: tags.id }).from(tags).where(eq(tags.code, 'fraud'))
    await t.database.db
      .insert(importedEvidence)
      .values({ numberId, source: 'phoneblock', tagId: fraud.id, label: 'G_FRAUD', votes: 300, lastSeen: new Date() })
    const p = await found(token, '030 55555555')
    expect(p.metrics.index).toBeLessThan(2)
    expect(p.metrics.isUnwanted).toBe(true)
    expect(p.tagsTop.categories[0]).toMatchObject({ code: 'fraud', count: 300, id: fraud.id })
    expect(p.evidence).toEqual([
      expect.objectContaining({ kind: 'imported', source: 'phoneblock', label: 'fraud', votes: 300, direction: 'negative' }),
    ])
  })

  // The search takes a session this process checked before from memory and checks it in its own statement (ADR 0029).
  it('refuses a session ended elsewhere on the very next search, though checked before, and then changes nothing', async () => {
    const { token, profileId: userId } = await signIn(t.app, '+4915123450101')
    expect((await found(token, '+493012340101')).common.leftRequests).toBe(29)
    const history = async () => (await t.database.db.select().from(searchHistory).where(eq(searchHistory.userId, userId))).length
    const before = { history: await history(), left: 29 }
    // As another server would: the session ends in the database only.
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, userId))
    const res = await search(token, '+493012340102')
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({
      status: false,
      status_code: ERROR_CODES.SESSION_INVALID,
      message: expect.stringMatching(/signed out/),
    })
    expect(await history()).toBe(before.history)
    const [usage] = await t.database.db.select().from(dailyUsage).where(eq(dailyUsage.userId, userId))
    expect(usage.count).toBe(1)
    expect((await t.database.db.select().from(numbers).where(eq(numbers.e164, '+493012340102'))).length).toBe(0)
    // Signing out through the API ends it at once too.
    const other = await signIn(t.app, '+4915123450102')
    await found(other.token, '+493012340101')
    expect((await t.app.inject({ method: 'POST', url: '/api/v6/auth/logout', headers: bearer(other.token) })).statusCode).toBe(200)
    expect((await search(other.token, '+493012340101')).statusCode).toBe(403)
  })

  it('reads the account again when its role changed or it was deactivated since its session was checked', async () => {
    const { token, profileId: userId } = await signIn(t.app, '+4915123450103')
    expect((await found(token, '+493012340103')).common.leftRequests).toBe(29)
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, userId))
    // Counted once, though the search ran its statement twice.
    expect((await found(token, '+493012340104')).common.leftRequests).toBe(28)
    expect((await found(token, '+493012340105')).common.leftRequests).toBe(27)
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, userId))
    expect((await search(token, '+493012340106')).statusCode).toBe(403)
  })
})
