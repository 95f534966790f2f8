import { gunzipSync } from 'node:zlib'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../../contract/errors'
import { backends } from '../../tests/support/database'
import { bearer, createTestApp, signInEach, type TestApp } from '../../tests/support/app'
import { coinLedger, comments, idempotencyKeys, payments, users } from '../db/schema'
import { grantCoins } from '../modules/coins/ledger-repository'
import { upsertNumber } from '../modules/numbers/repository'

const BUYER = '+4915190020001'
const AUTHOR = '+4915190020002'
const NUMBER = '+4930900200003'

describe.each(backends)('Idempotency-Key on money calls on %s', (backend) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  let commentId: number
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000' })
    await signInEach(t.app, [BUYER, AUTHOR], { tokens, ids })
    const numberId = await upsertNumber(t.database.db, NUMBER, 'DE')
    ;[{ id: commentId }] = await t.database.db
      .insert(comments)
      .values({ numberId, userId: ids[AUTHOR], text: 'They call every day' })
      .returning({ id: comments.id })
    await grantCoins(t.database.db, ids[BUYER], 100, 'test')
  })
  afterAll(async () => t?.close())

  const db = () => t.database.db
  const balance = async () => (await db().select({ b: users.balance }).from(users).where(eq(users.id, ids[BUYER])))[0].b
  const spends = async () =>
    (
      await db()
        .select()
        .from(coinLedger)
        .where(and(eq(coinLedger.userId, ids[BUYER]), sql`${coinLedger.delta} < 0`))
    ).length
  const commentUp = (key: string | null, count = 1) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v11/comment/like',
      headers: { ...bearer(tokens[BUYER]), ...(key ? { 'idempotency-key': key } : {}) },
      payload: { comment_id: commentId, like_type: 'COMMENT_UP', action_type: 'ADD', comment_up_count: count },
    })

  it('answers a retry with the first answer and charges once', async () => {
    const before = { balance: await balance(), spends: await spends() }
    const first = await commentUp('up-1')
    expect(first.statusCode, first.body).toBe(200)
    const retry = await commentUp('up-1')
    expect(retry.statusCode).toBe(200)
    // The documented name (README, ADR 0017), and only that one.
    expect(retry.headers['idempotency-replayed']).toBe('true')
    expect(retry.headers['idempotent-replayed']).toBeUndefined()
    expect(retry.json()).toEqual(first.json())
    expect(await balance()).toBe(before.balance - 1)
    expect(await spends()).toBe(before.spends + 1)
  })

  it('charges once for simultaneous requests with one key', async () => {
    const before = { balance: await balance(), spends: await spends() }
    const all = await Promise.all(Array.from({ length: 12 }, () => commentUp('up-parallel')))
    expect(all.map((r) => r.statusCode)).toEqual(all.map(() => 200))
    expect(new Set(all.map((r) => r.body)).size).toBe(1)
    expect(await balance()).toBe(before.balance - 1)
    expect(await spends()).toBe(before.spends + 1)
  })

  it('refuses the same key for another request with 422 and charges nothing', async () => {
    const before = await balance()
    const other = await commentUp('up-1', 2)
    expect(other.statusCode, other.body).toBe(422)
    expect(other.json()).toMatchObject({ status: false, message: expect.stringMatching(/different request/) })
    expect(await balance()).toBe(before)
  })

  it('charges every call sent without a key, and again after the key expired (24 h)', async () => {
    const before = await balance()
    expect((await commentUp(null)).statusCode).toBe(200)
    expect((await commentUp(null)).statusCode).toBe(200)
    expect(await balance()).toBe(before - 2)
    await db()
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, 'up-1'))
    expect((await commentUp('up-1')).headers['idempotency-replayed']).toBeUndefined()
    expect(await balance()).toBe(before - 3)
  })

  it('keeps keys per user: another user may use the same key', async () => {
    await grantCoins(db(), ids[AUTHOR], 5, 'test')
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/v11/comment/like',
      headers: { ...bearer(tokens[AUTHOR]), 'idempotency-key': 'up-parallel' },
      payload: { comment_id: commentId, like_type: 'COMMENT_UP', action_type: 'ADD', comment_up_count: 1 },
    })
    expect(theirs.statusCode, theirs.body).toBe(200)
    expect(theirs.headers['idempotency-replayed']).toBeUndefined()
  })

  it('replays a refusal too, and refuses a malformed key with 400', async () => {
    const refusal = await commentUp('up-huge', 1000)
    expect(refusal.statusCode).toBe(402)
    const again = await commentUp('up-huge', 1000)
    expect(again.statusCode).toBe(402)
    expect(again.headers['idempotency-replayed']).toBe('true')
    for (const bad of ['has space', 'x'.repeat(256), 'ünïcode']) {
      const res = await commentUp(bad)
      expect(res.statusCode, bad).toBe(400)
      expect(res.json()).toMatchObject({ status_code: ERROR_CODES.VALIDATION, message: expect.stringMatching(/Idempotency-Key/) })
    }
  })

  it('starts one checkout and makes one paid search per key', async () => {
    const checkout = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v6/payment/checkout',
        headers: { ...bearer(tokens[BUYER]), 'idempotency-key': 'buy-1' },
        payload: { product: 'numcy_pack_100', provider: 'dev' },
      })
    const [a, b] = await Promise.all([checkout(), checkout()])
    expect(a.statusCode, a.body).toBe(200)
    expect(b.json()).toEqual(a.json())
    expect(await db().select().from(payments).where(eq(payments.userId, ids[BUYER]))).toHaveLength(1)

    // Past the daily limit with paid search on, a search costs a coin: once per key.
    await db().update(users).set({ overlimit: true }).where(eq(users.id, ids[BUYER]))
    await db().execute(sql`insert into daily_usage (user_id, day, count) values (${ids[BUYER]}, (now() at time zone 'utc')::date, 1000)
      on conflict (user_id, day) do update set count = 1000`)
    const before = await balance()
    // As a browser asks: compressed. The replay is the same answer, compressed again.
    const search = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v202505/search/${NUMBER.slice(1)}`,
        query: { paidSearch: '1' },
        headers: { ...bearer(tokens[BUYER]), 'idempotency-key': 'search-1', 'accept-encoding': 'gzip' },
      })
      expect(res.statusCode, res.body).toBe(200)
      return JSON.parse((res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload).toString())
    }
    const first = await search()
    expect(first.data.common.isPaidRequest).toBe(true)
    expect(await search()).toEqual(first)
    expect(await balance()).toBe(before - 1)
  })
})
