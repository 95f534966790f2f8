import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fofRequestResponse } from '../../../contract/api/numbers'
import { searchResponse } from '../../../contract/api/number-profile'
import { LIMITS } from '../../../contract/constants'
import { ERROR_CODES } from '../../../contract/errors'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, form, signInEach, type TestApp } from '../../../tests/support/app'
import { coinLedger, contacts, introductionRequests, users } from '../../db/schema'
import { grantCoins } from '../coins/ledger'
import { contactNameHash } from '../../db/name-hash'
import { upsertNumber } from '../numbers/repository'

const ME = '+4915188880001'
const FRIEND = '+4915188880002'
const CALLER = '+4930888800003'
const STRANGER_NUMBER = '+4930888800004'

describe.each(backends)('friends of friends on %s', (backend) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    await signInEach(t.app, [ME, FRIEND], { tokens, ids })
    // I have my friend in my book; my friend has the caller in theirs.
    const save = async (owner: string, e164: string, firstName: string) =>
      t.database.db.insert(contacts).values({ ownerId: ids[owner], numberId: await upsertNumber(t.database.db, e164, 'DE'), firstName, nameHash: contactNameHash(firstName, null) })
    await save(ME, FRIEND, 'Friend')
    await save(FRIEND, CALLER, 'Plumber')
  })
  afterAll(async () => t?.close())

  const request = (who: string, phone: string) =>
    t.app.inject({ method: 'POST', url: '/api/v6/fof/request', headers: { ...bearer(tokens[who]), 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ phone }) })
  const balance = async () => (await t.database.db.select({ b: users.balance }).from(users).where(eq(users.id, ids[ME])))[0].b
  const requests = () => t.database.db.select().from(introductionRequests).where(eq(introductionRequests.fromUserId, ids[ME]))
  const ledger = () => t.database.db.select().from(coinLedger).where(and(eq(coinLedger.userId, ids[ME]), eq(coinLedger.reason, 'fof_request')))
  const expectError = (res: { statusCode: number; json(): unknown; body: string }, status: number, code: number) => {
    expect(res.statusCode, res.body).toBe(status)
    expect(res.json()).toMatchObject({ status: false, status_code: code, message: expect.any(String) })
  }

  it('refuses a short balance with 402 and changes nothing', async () => {
    await grantCoins(t.database.db, ids[ME], LIMITS.defaultPriceDirectly - 1, 'test')
    expectError(await request(ME, CALLER), 402, ERROR_CODES.INSUFFICIENT_COINS)
    expect(await balance()).toBe(LIMITS.defaultPriceDirectly - 1)
    expect(await requests()).toEqual([])
    expect(await ledger()).toEqual([])
  })

  it('charges the price once, even for parallel requests, and the page lists the request', async () => {
    await grantCoins(t.database.db, ids[ME], 20, 'test')
    const before = await balance()
    const all = await Promise.all(Array.from({ length: 5 }, () => request(ME, CALLER)))
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200])
    const bodies = all.map((r) => fofRequestResponse.parse(r.json()).data)
    expect(bodies.filter((b) => b.created)).toHaveLength(1)
    expect(bodies[0].request).toMatchObject({ type: 'DIRECT', status: 'pending', countFriends: 1 })
    expect(await balance()).toBe(before - LIMITS.defaultPriceDirectly)
    expect(await requests()).toHaveLength(1)
    expect((await ledger()).map((l) => l.delta)).toEqual([-LIMITS.defaultPriceDirectly])

    const page = await t.app.inject({ method: 'GET', url: `/api/v202505/search/${encodeURIComponent(CALLER)}`, headers: bearer(tokens[ME]) })
    const fof = searchResponse.parse(page.json()).data.fof
    expect(fof.list).toHaveLength(1)
    expect(fof.requests.outgoing).toEqual([expect.objectContaining({ status: 'pending', countFriends: 1 })])
  })

  it('refuses with 409 when none of your contacts knows the number, and bad input with 400', async () => {
    const before = await balance()
    expectError(await request(ME, STRANGER_NUMBER), 409, ERROR_CODES.CONFLICT)
    expectError(await request(ME, 'not a number'), 400, ERROR_CODES.NUMBER_INVALID)
    expect(await balance()).toBe(before)
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v6/fof/request', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ phone: CALLER }) })
    expect(anonymous.statusCode).toBe(401)
  })
})
