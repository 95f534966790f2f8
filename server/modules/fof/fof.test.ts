import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fofAnswerResponse, notificationListResponse } from '../../../contract/api/notifications'
import { fofRequestResponse } from '../../../contract/api/numbers'
import { searchResponse } from '../../../contract/api/number-profile'
import { LIMITS } from '../../../contract/constants'
import { ERROR_CODES } from '../../../contract/errors'
import type { FastifyInstance } from 'fastify'
import { backends, twoServersOnOnePostgres } from '../../../tests/support/database'
import { bearer, createTestApp, form, signInEach, type TestApp } from '../../../tests/support/app'
import { apiClient, expectError } from '../../../tests/support/api'
import type { Database } from '../../db/client'
import { coinLedger, contacts, introductionAnswers, introductionRequests, users } from '../../db/schema'
import { grantCoins } from '../coins/ledger-repository'
import { contactNameHash } from '../../db/name-hash'
import { upsertNumber } from '../numbers/repository'
import { expireIntroductions } from './repository'

const ME = '+4915188880001'
const FRIEND = '+4915188880002'
const FRIEND_TWO = '+4915188880005'
const STRANGER = '+4915188880006'
/** Numbers my friends have saved: one per scenario, so each has its own request. */
const CALLER = '+4930888800003'
const DECLINED = '+4930888800007'
const OVERDUE = '+4930888800008'
const EXPIRING = '+4930888800009'
const STRANGER_NUMBER = '+4930888800004'
const PRICE = LIMITS.defaultPriceDirectly
const DAY = 24 * 60 * 60 * 1000

describe.each(backends)('friends of friends on %s', (backend) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    await signInEach(t.app, [ME, FRIEND, FRIEND_TWO, STRANGER], { tokens, ids })
    await t.database.db.update(users).set({ firstName: 'Mia', lastName: 'Requester' }).where(eq(users.id, ids[ME]))
    const save = async (owner: string, e164: string, firstName: string, lastName: string | null = null) =>
      t.database.db.insert(contacts).values({
        ownerId: ids[owner],
        numberId: await upsertNumber(t.database.db, e164, 'DE'),
        firstName,
        lastName,
        nameHash: contactNameHash(firstName, lastName),
      })
    // My two friends and I have each other in our books (friends are mutual); my friends have the callers in theirs.
    await save(ME, FRIEND, 'Friend')
    await save(ME, FRIEND_TWO, 'Friend Two')
    await save(FRIEND, ME, 'Mia', 'Requester')
    await save(FRIEND_TWO, ME, 'Mia', 'Requester')
    await save(FRIEND, CALLER, 'Plumber')
    for (const number of [DECLINED, OVERDUE, EXPIRING]) await save(FRIEND, number, 'Someone')
    for (const number of [CALLER, DECLINED]) await save(FRIEND_TWO, number, 'Someone')
  })
  afterAll(async () => t?.close())

  const { post } = apiClient(() => t.app, tokens)
  const request = (who: string, phone: string) => post(who, '/api/v6/fof/request', { phone })
  const requestOk = async (phone: string) => {
    const res = await request(ME, phone)
    expect(res.statusCode, res.body).toBe(200)
    return fofRequestResponse.parse(res.json()).data
  }
  const answer = (who: string, requestId: number, a: 'accept' | 'decline') =>
    post(who, '/api/v6/fof/answer', { request_id: requestId, answer: a })
  const answerOk = async (who: string, requestId: number, a: 'accept' | 'decline') => {
    const res = await answer(who, requestId, a)
    expect(res.statusCode, res.body).toBe(200)
    return fofAnswerResponse.parse(res.json()).data
  }
  const balance = async () => (await t.database.db.select({ b: users.balance }).from(users).where(eq(users.id, ids[ME])))[0].b
  const requests = () => t.database.db.select().from(introductionRequests).where(eq(introductionRequests.fromUserId, ids[ME]))
  const requestRow = async (id: number) =>
    (await t.database.db.select().from(introductionRequests).where(eq(introductionRequests.id, id)))[0]
  const ledger = (reason = 'fof_request') =>
    t.database.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, ids[ME]), eq(coinLedger.reason, reason)))
  const refundsOf = async (requestId: number) => (await ledger('refund')).filter((l) => l.ref === `fof:${requestId}`)
  const page = async (who: string, phone: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v202505/search/${encodeURIComponent(phone)}`, headers: bearer(tokens[who]) })
    expect(res.statusCode, res.body).toBe(200)
    return searchResponse.parse(res.json()).data.fof
  }
  const inbox = async (who: string) =>
    notificationListResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v6/notifications/list', headers: bearer(tokens[who]) })).json(),
    ).data
  const backdate = (id: number, days: number) =>
    t.database.db
      .update(introductionRequests)
      .set({ createdAt: new Date(Date.now() - days * DAY) })
      .where(eq(introductionRequests.id, id))

  it('refuses a short balance with 402 and changes nothing', async () => {
    await grantCoins(t.database.db, ids[ME], PRICE - 1, 'test')
    expectError(await request(ME, CALLER), 402, ERROR_CODES.INSUFFICIENT_COINS)
    expect(await balance()).toBe(PRICE - 1)
    expect(await requests()).toEqual([])
    expect(await ledger()).toEqual([])
    expect(await t.database.db.select().from(introductionAnswers)).toEqual([])
    expect((await inbox(FRIEND)).items).toEqual([])
  })

  it('charges the price once, even for parallel requests, and the page lists the request', async () => {
    await grantCoins(t.database.db, ids[ME], 100, 'test')
    const before = await balance()
    const all = await Promise.all(Array.from({ length: 5 }, () => request(ME, CALLER)))
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200])
    const bodies = all.map((r) => fofRequestResponse.parse(r.json()).data)
    expect(bodies.filter((b) => b.created)).toHaveLength(1)
    expect(bodies[0].request).toMatchObject({ type: 'DIRECT', status: 'pending', countFriends: 2, refunded: false, acceptedBy: null })
    expect(await balance()).toBe(before - PRICE)
    expect(await requests()).toHaveLength(1)
    expect((await ledger()).map((l) => l.delta)).toEqual([-PRICE])

    const fof = await page(ME, CALLER)
    expect(fof.list).toHaveLength(2)
    expect(fof.requests.outgoing).toEqual([
      expect.objectContaining({ status: 'pending', countFriends: 2, refunded: false, acceptedBy: null }),
    ])
  })

  it('asks each contact who knows the number: in their inbox and on their page of the number', async () => {
    const [made] = await requests()
    for (const friend of [FRIEND, FRIEND_TWO]) {
      const items = (await inbox(friend)).items.filter((i) => i.kind === 'commonAcquaintances')
      expect(items).toEqual([
        expect.objectContaining({
          phoneNumber: CALLER.slice(1),
          actor: { firstName: 'Mia', lastName: 'Requester' },
          read: false,
          request: { id: made.id, answer: 'pending', status: 'pending' },
        }),
      ])
      const fof = await page(friend, CALLER)
      const incoming = [
        {
          id: made.id,
          requester: { id: ids[ME], firstName: 'Mia', lastName: 'Requester' },
          status: 'pending',
          myAnswer: 'pending',
          createdAtTimestamp: expect.any(Number),
        },
      ]
      expect(fof.requests.incoming).toEqual(incoming)
      expect(fof.myIncomingRequests).toEqual(incoming)
    }
    // Nobody else is asked, and the requester sees no incoming request.
    expect((await inbox(STRANGER)).items).toEqual([])
    expect((await page(ME, CALLER)).requests.incoming).toEqual([])
  })

  it('lets only a contact asked answer: 403 for anyone else, 404 for an unknown request, 400 for a bad answer', async () => {
    const [made] = await requests()
    for (const who of [STRANGER, ME]) {
      const res = await answer(who, made.id, 'accept')
      expectError(res, 403, ERROR_CODES.FORBIDDEN)
      expect(res.json().message).toMatch(/only the contacts asked/i)
    }
    expectError(await answer(FRIEND, 999_999, 'accept'), 404, ERROR_CODES.NOT_FOUND)
    expect((await post(FRIEND, '/api/v6/fof/answer', { request_id: made.id, answer: 'maybe' })).statusCode).toBe(400)
    expect((await requestRow(made.id)).status).toBe('pending')
    expect(
      (await t.database.db.select().from(introductionAnswers).where(eq(introductionAnswers.requestId, made.id))).map((a) => a.status),
    ).toEqual(['pending', 'pending'])
  })

  it('the first accept wins and the requester learns who knows the number; a later answer is still recorded, a second one is 409', async () => {
    const [made] = await requests()
    const before = await balance()
    expect(await answerOk(FRIEND_TWO, made.id, 'accept')).toEqual({ requestId: made.id, answer: 'accepted', status: 'accepted' })
    expect(await answerOk(FRIEND, made.id, 'accept')).toEqual({ requestId: made.id, answer: 'accepted', status: 'accepted' })
    const res = await answer(FRIEND, made.id, 'decline')
    expectError(res, 409, ERROR_CODES.CONFLICT)
    expect(res.json().message).toMatch(/already accepted/i)

    expect(await requestRow(made.id)).toMatchObject({ status: 'accepted', acceptedBy: ids[FRIEND_TWO], refundedAt: null })
    // Named as I saved them in my book.
    expect((await page(ME, CALLER)).requests.outgoing).toEqual([
      expect.objectContaining({
        id: made.id,
        status: 'accepted',
        refunded: false,
        acceptedBy: { id: ids[FRIEND_TWO], firstName: 'Friend Two', lastName: null },
      }),
    ])
    expect(await balance()).toBe(before)
    // The answer shows in the friend's inbox, read now.
    const [item] = (await inbox(FRIEND)).items
    expect(item).toMatchObject({ read: true, request: { id: made.id, answer: 'accepted', status: 'accepted' } })
    expect((await page(FRIEND, CALLER)).requests.incoming).toEqual([expect.objectContaining({ status: 'accepted', myAnswer: 'accepted' })])
  })

  it('declined by everyone asked (at the same moment): declined, and the coins back exactly once', async () => {
    // A contact who switched introduction notifications off is still asked, on their page of the number, not in their inbox.
    await t.database.db.update(users).set({ notifyCommonAcquaintances: false }).where(eq(users.id, ids[FRIEND_TWO]))
    const { request: made } = await requestOk(DECLINED)
    expect((await inbox(FRIEND_TWO)).items.filter((i) => i.request?.id === made.id)).toEqual([])
    expect((await inbox(FRIEND)).items.filter((i) => i.request?.id === made.id)).toHaveLength(1)
    expect((await page(FRIEND_TWO, DECLINED)).requests.incoming).toEqual([expect.objectContaining({ id: made.id, myAnswer: 'pending' })])
    const charged = await balance()
    const [a, b] = await Promise.all([answer(FRIEND, made.id, 'decline'), answer(FRIEND_TWO, made.id, 'decline')])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect([a.json().data.status, b.json().data.status].sort()).toEqual(['declined', 'pending'])
    expect(await balance()).toBe(charged + PRICE)
    expect((await refundsOf(made.id)).map((l) => l.delta)).toEqual([PRICE])
    expect(await requestRow(made.id)).toMatchObject({ status: 'declined', acceptedBy: null, refundedAt: expect.any(Date) })
    expect((await page(ME, DECLINED)).requests.outgoing).toEqual([
      expect.objectContaining({ status: 'declined', refunded: true, acceptedBy: null }),
    ])
    // Answering a decided request again changes nothing.
    expectError(await answer(FRIEND, made.id, 'accept'), 409, ERROR_CODES.CONFLICT)
    expect(await balance()).toBe(charged + PRICE)
  })

  it('an overdue request cannot be answered: 409, and it is expired and refunded on the spot, once', async () => {
    const { request: made } = await requestOk(OVERDUE)
    const charged = await balance()
    await backdate(made.id, 8)
    const res = await answer(FRIEND, made.id, 'accept')
    expectError(res, 409, ERROR_CODES.CONFLICT)
    expect(res.json().message).toMatch(/expired/i)
    expect(await requestRow(made.id)).toMatchObject({ status: 'expired', acceptedBy: null })
    expect(await balance()).toBe(charged + PRICE)
    expect(await t.app.fofExpiryJob.run()).toEqual({ expired: 0 })
    expect(await refundsOf(made.id)).toHaveLength(1)
    expectError(await answer(FRIEND, made.id, 'accept'), 409, ERROR_CODES.CONFLICT)
  })

  it('the expiry job expires requests nobody accepted in 7 days and refunds them once; the requester may ask again and pays again', async () => {
    const { request: made } = await requestOk(EXPIRING)
    const charged = await balance()
    await backdate(made.id, 6)
    expect(await t.app.fofExpiryJob.run()).toEqual({ expired: 0 })
    await backdate(made.id, 7.01)
    expect(await t.app.fofExpiryJob.run()).toEqual({ expired: 1 })
    expect(await t.app.fofExpiryJob.run()).toEqual({ expired: 0 })
    expect(await balance()).toBe(charged + PRICE)
    expect(await refundsOf(made.id)).toHaveLength(1)
    expect((await page(ME, EXPIRING)).requests.outgoing).toEqual([expect.objectContaining({ status: 'expired', refunded: true })])

    const again = await requestOk(EXPIRING)
    expect(again).toMatchObject({ created: true, request: { status: 'pending' }, balance: charged })
    expect(await balance()).toBe(charged)
    expect((await ledger()).filter((l) => l.ref === `fof:${again.request.id}`).map((l) => l.delta)).toEqual([-PRICE])
    expect((await page(ME, EXPIRING)).requests.outgoing.map((o) => o.status)).toEqual(['pending', 'expired'])
  })

  it('refuses with 409 when none of your contacts knows the number, and bad input with 400', async () => {
    const before = await balance()
    expectError(await request(ME, STRANGER_NUMBER), 409, ERROR_CODES.CONFLICT)
    expectError(await request(ME, 'not a number'), 400, ERROR_CODES.NUMBER_INVALID)
    expect(await balance()).toBe(before)
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v6/fof/request',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ phone: CALLER }),
    })
    expect(anonymous.statusCode).toBe(401)
    const anonymousAnswer = await t.app.inject({
      method: 'POST',
      url: '/api/v6/fof/answer',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ request_id: 1, answer: 'accept' }),
    })
    expect(anonymousAnswer.statusCode).toBe(401)
  })
})

const ATTACKER = '+4915188881001'
const VICTIM = '+4915188881002'
const MUTUAL = '+4915188881003'
/** A number the victim saved, one they did not, and one the attacker's mutual friend saved. */
const VICTIM_SAVED = '+4930888810001'
const VICTIM_NOT_SAVED = '+4930888810002'
const MUTUAL_SAVED = '+4930888810003'

/**
 * Issue 29: an attacker who puts a victim's number in their own book must learn nothing about
 * the victim's book, neither from the search answer's fof list nor from the request's answers
 * before any charge. Friends are mutual: each has the other in their uploaded book.
 */
describe.each(backends)('introductions tell nothing about a book that is not mutual on %s', (backend) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    await signInEach(t.app, [ATTACKER, VICTIM, MUTUAL], { tokens, ids })
    await t.database.db.update(users).set({ firstName: 'Ada', lastName: 'Asker' }).where(eq(users.id, ids[ATTACKER]))
    const save = async (owner: string, e164: string, firstName: string) =>
      t.database.db.insert(contacts).values({
        ownerId: ids[owner],
        numberId: await upsertNumber(t.database.db, e164, 'DE'),
        firstName,
        nameHash: contactNameHash(firstName, null),
      })
    // The attacker saved the victim; the victim never saved the attacker, but saved VICTIM_SAVED.
    await save(ATTACKER, VICTIM, 'Victim')
    await save(VICTIM, VICTIM_SAVED, 'Doctor')
    // The attacker and MUTUAL saved each other; MUTUAL saved MUTUAL_SAVED.
    await save(ATTACKER, MUTUAL, 'Mutual Friend')
    await save(MUTUAL, ATTACKER, 'Ada')
    await save(MUTUAL, MUTUAL_SAVED, 'Plumber')
  })
  afterAll(async () => t?.close())

  const request = (phone: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v6/fof/request',
      headers: { ...bearer(tokens[ATTACKER]), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ phone }),
    })
  const search = async (who: string, phone: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v202505/search/${encodeURIComponent(phone)}`, headers: bearer(tokens[who]) })
    expect(res.statusCode, res.body).toBe(200)
    return searchResponse.parse(res.json()).data.fof
  }
  const inbox = async (who: string) =>
    notificationListResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v6/notifications/list', headers: bearer(tokens[who]) })).json(),
    ).data.items
  const balance = async () => (await t.database.db.select({ b: users.balance }).from(users).where(eq(users.id, ids[ATTACKER])))[0].b
  const charges = () =>
    t.database.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, ids[ATTACKER]), eq(coinLedger.reason, 'fof_request')))
  const answerFor = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, body: res.json() })

  it('the search answer does not show the victim among those who know a number the victim saved', async () => {
    const fof = await search(ATTACKER, VICTIM_SAVED)
    expect(fof.list).toEqual([])
    expect(JSON.stringify(fof)).not.toContain('Victim')
    expect(fof.list).toEqual((await search(ATTACKER, VICTIM_NOT_SAVED)).list)
  })

  it('with a zero balance, asking for a number the victim saved and one they did not answers the same', async () => {
    expect(await balance()).toBe(0)
    const saved = answerFor(await request(VICTIM_SAVED))
    const notSaved = answerFor(await request(VICTIM_NOT_SAVED))
    expect(saved).toEqual(notSaved)
    expect(saved.status).toBe(402)
    expect(saved.body).toMatchObject({ status: false, status_code: ERROR_CODES.INSUFFICIENT_COINS })
    expect(await charges()).toEqual([])
  })

  it('with enough coins, both answer the same, nothing is charged and the victim is not asked', async () => {
    await grantCoins(t.database.db, ids[ATTACKER], 100, 'test')
    const saved = answerFor(await request(VICTIM_SAVED))
    const notSaved = answerFor(await request(VICTIM_NOT_SAVED))
    expect(saved).toEqual(notSaved)
    expect(saved.status).toBe(409)
    expect(await balance()).toBe(100)
    expect(await charges()).toEqual([])
    expect(await t.database.db.select().from(introductionRequests).where(eq(introductionRequests.fromUserId, ids[ATTACKER]))).toEqual([])
    expect(await inbox(VICTIM)).toEqual([])
    expect((await search(VICTIM, VICTIM_SAVED)).requests.incoming).toEqual([])
  })

  it('with mutual contacts the introduction still works: listed, charged, asked, accepted', async () => {
    const fof = await search(ATTACKER, MUTUAL_SAVED)
    expect(fof.list).toEqual([{ id: ids[MUTUAL], firstName: 'Mutual Friend', lastName: null }])
    const before = await balance()
    const res = await request(MUTUAL_SAVED)
    expect(res.statusCode, res.body).toBe(200)
    const made = fofRequestResponse.parse(res.json()).data
    expect(made).toMatchObject({ created: true, balance: before - PRICE, request: { status: 'pending', countFriends: 1 } })
    expect(await inbox(MUTUAL)).toEqual([
      expect.objectContaining({ kind: 'commonAcquaintances', request: { id: made.request.id, answer: 'pending', status: 'pending' } }),
    ])
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v6/fof/answer',
      headers: { ...bearer(tokens[MUTUAL]), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ request_id: made.request.id, answer: 'accept' }),
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect((await search(ATTACKER, MUTUAL_SAVED)).requests.outgoing).toEqual([
      expect.objectContaining({
        id: made.request.id,
        status: 'accepted',
        acceptedBy: { id: ids[MUTUAL], firstName: 'Mutual Friend', lastName: null },
      }),
    ])
  })

  it('a friend who saved the attacker but whom the attacker did not save is not one either', async () => {
    // The victim now saves the attacker, and the attacker deletes the victim: still one way only.
    await t.database.db.insert(contacts).values({
      ownerId: ids[VICTIM],
      numberId: await upsertNumber(t.database.db, ATTACKER, 'DE'),
      firstName: 'Ada',
      nameHash: contactNameHash('Ada', null),
    })
    await t.database.db
      .delete(contacts)
      .where(and(eq(contacts.ownerId, ids[ATTACKER]), eq(contacts.numberId, await upsertNumber(t.database.db, VICTIM, 'DE'))))
    expect((await search(ATTACKER, VICTIM_SAVED)).list).toEqual([])
    expect(answerFor(await request(VICTIM_SAVED))).toEqual(answerFor(await request(VICTIM_NOT_SAVED)))
    expect(await inbox(VICTIM)).toEqual([])
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('the introduction expiry job on two servers sharing one PostgreSQL database', () => {
  let servers: Awaited<ReturnType<typeof twoServersOnOnePostgres>>
  let databases: Database[]
  let apps: FastifyInstance[]
  beforeAll(async () => {
    servers = await twoServersOnOnePostgres()
    ;({ databases, apps } = servers)
  })
  afterAll(async () => servers?.close())

  /** A requester who paid for a request made `days` ago that nobody answered. */
  async function overdueRequest(phone: string, days: number) {
    const db = databases[0].db
    const [user] = await db.insert(users).values({ phone }).returning({ id: users.id })
    const numberId = await upsertNumber(db, '+4930888800010', 'DE')
    const [made] = await db
      .insert(introductionRequests)
      .values({ fromUserId: user.id, numberId, countFriends: 1, createdAt: new Date(Date.now() - days * DAY) })
      .returning()
    return { userId: user.id, requestId: made.id }
  }
  const stateOf = async (r: { userId: number; requestId: number }) => {
    const db = databases[1].db
    const [u] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, r.userId))
    const refunds = await db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.reason, 'refund'), eq(coinLedger.ref, `fof:${r.requestId}`)))
    const [request] = await db
      .select({ status: introductionRequests.status })
      .from(introductionRequests)
      .where(eq(introductionRequests.id, r.requestId))
    return { balance: u.balance, refunds: refunds.map((l) => l.delta), status: request.status }
  }

  it('refunds once when both servers run the job at the same moment', async () => {
    const r = await overdueRequest('+4915188880011', 8)
    const outcomes = await Promise.all(apps.map((app) => app.fofExpiryJob.run()))
    // One ran it (or both, one after the other): exactly one expiry between them.
    expect(outcomes.reduce((n, o) => n + (o?.expired ?? 0), 0)).toBe(1)
    expect(await stateOf(r)).toEqual({ balance: LIMITS.defaultPriceDirectly, refunds: [LIMITS.defaultPriceDirectly], status: 'expired' })
  })

  it('refunds once even without the job’s lock, when both servers expire at the same moment', async () => {
    const r = await overdueRequest('+4915188880012', 9)
    const outcomes = await Promise.all(databases.map((d) => expireIntroductions(d.db)))
    expect(outcomes.reduce((n, o) => n + o.expired, 0)).toBe(1)
    expect(await stateOf(r)).toEqual({ balance: LIMITS.defaultPriceDirectly, refunds: [LIMITS.defaultPriceDirectly], status: 'expired' })
  })
})
