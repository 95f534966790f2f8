import crypto from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCKS } from './db/locks'
import { signIn } from '../tests/support/app'
import { twoServersOnOnePostgres } from '../tests/support/database'
import { commentListResponse, likeResponse } from '../contract/api/community'
import { LIMITS } from '../contract/constants'
import { ERROR_CODES } from '../contract/errors'
import { searchResponse, type NumberProfile } from '../contract/api/number-profile'
import type { Database } from './db/client'
import { coinLedger, comments, commentSubscriptions, dailyUsage, numbers, reactions, searchHistory, users } from './db/schema'
import { grantCoins } from './modules/coins/ledger-repository'
import { HIDE_REASON, renewCommentSubscriptions } from './modules/coins/repository'
import type { ScheduledJob } from './plugins/jobs'

const redisUrl = process.env.TEST_REDIS_URL
/** Per user and minute on both servers together: the rate limit test sends one more. */
const RATE_LIMIT = 100

/*
 * Two API servers, each with its own connection pool, on one PostgreSQL database and
 * one Redis, reached over real HTTP as a load balancer would spread a client's calls:
 * what must be exact (the daily limit, coins, renewals, the rate limit) is exact
 * across them. docs/decisions/0026-one-process-per-core.md.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !redisUrl)('two servers on one PostgreSQL and one Redis', () => {
  let servers: Awaited<ReturnType<typeof twoServersOnOnePostgres>>
  let apps: FastifyInstance[]
  let databases: Database[]
  let urls: string[]
  let redis: Redis
  const userIds: number[] = []
  beforeAll(async () => {
    servers = await twoServersOnOnePostgres(
      { REDIS_URL: redisUrl!, RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
      { listen: true },
    )
    ;({ apps, databases, urls } = servers)
    redis = new Redis(redisUrl!)
    // Rate limit counters in the shared Redis are keyed by user id: ids no other test's database hands out.
    await databases[0].db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), ${crypto.randomInt(1e8, 2e9)})`)
  })
  afterAll(async () => {
    await servers?.close()
    if (redis) {
      for (const id of userIds) await redis.del(`callerid-rl:user:${id}`)
      await redis.quit()
    }
  })

  async function user(phone: string): Promise<{ id: number; token: string }> {
    const s = await signIn(apps[0], phone)
    userIds.push(s.profileId)
    return { id: s.profileId, token: s.token }
  }
  /** Call i goes to server i % 2. */
  const get = (i: number, token: string, path: string) => fetch(`${urls[i % 2]}${path}`, { headers: { authorization: `Bearer ${token}` } })
  const post = (i: number, token: string, path: string, params: Record<string, string | number>) =>
    fetch(`${urls[i % 2]}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])),
    })
  const balanceOf = async (id: number) => (await databases[1].db.select({ b: users.balance }).from(users).where(eq(users.id, id)))[0].b

  it(`answers exactly ${LIMITS.searchDailyLimit} of 60 parallel searches by a free user in full, the rest with the paid alert`, async () => {
    expect(LIMITS.searchDailyLimit).toBe(30)
    const searcher = await user('+4915177700999')
    const targets = Array.from({ length: 60 }, (_, i) => `+4915177700${String(i).padStart(3, '0')}`)
    const answers = await Promise.all(
      targets.map(async (number, i) => {
        const res = await get(i, searcher.token, `/api/v202505/search/${encodeURIComponent(number)}`)
        expect(res.status).toBe(200)
        return searchResponse.parse(await res.json()).data
      }),
    )
    const full = answers.filter((a) => !a.paidAlert.show)
    const limited = answers.filter((a) => a.paidAlert.show)
    expect(full).toHaveLength(30)
    expect(limited).toHaveLength(30)
    // Each full answer took one of the day's searches: what was left after it, 29 down to 0, each once.
    expect(full.map((a) => a.common.leftRequests).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i))
    for (const a of limited)
      expect(a).toMatchObject<Partial<NumberProfile>>({ paidAlert: { show: true, paidSearchPrice: LIMITS.defaultPaidSearchPrice } })
    for (const a of limited) expect(a.common.leftRequests).toBe(0)
    // Both servers answered both kinds (calls alternate between them).
    const servedBy = (a: NumberProfile) => targets.indexOf(a.phone.number) % 2
    expect(new Set(full.map(servedBy)).size + new Set(limited.map(servedBy)).size).toBeGreaterThanOrEqual(3)

    // The day's usage is exactly the limit, on either server, and only the 30 full searches were recorded.
    for (let i = 0; i < 2; i++) {
      const load = await (await get(i, searcher.token, '/api/v202305/main/load')).json()
      expect(load.data.leftRequests).toBe(0)
    }
    const [usage] = await databases[0].db.select({ count: dailyUsage.count }).from(dailyUsage).where(eq(dailyUsage.userId, searcher.id))
    expect(usage.count).toBe(30)
    const history = await databases[0].db
      .select({ e164: numbers.e164 })
      .from(searchHistory)
      .innerJoin(numbers, eq(numbers.id, searchHistory.numberId))
      .where(eq(searchHistory.userId, searcher.id))
    expect(history.map((h) => h.e164).sort()).toEqual(full.map((a) => a.phone.number).sort())
  })

  it('counts 100 parallel comment-ups exactly: the comment’s ups, every balance, every ledger row', async () => {
    const author = await user('+4915177701000')
    const phone = '+4930777010000'
    const added = await post(0, author.token, '/api/v7/comment/add', { phone, text: 'Asks for a card PIN' })
    expect(added.status).toBe(200)
    const commentId = (await added.json()).data.id as number
    // Ten users with 12 coins each; each comments-up 10 times, its calls split between the servers.
    const boosters = await Promise.all(Array.from({ length: 10 }, (_, u) => user(`+49151777011${String(u).padStart(2, '0')}`)))
    for (const b of boosters) await grantCoins(databases[0].db, b.id, 12, 'test')
    const calls = Array.from({ length: 100 }, (_, i) => ({ i, booster: boosters[Math.floor(i / 10)] }))
    const results = await Promise.all(
      calls.map(async ({ i, booster }) => {
        const res = await post(i, booster.token, '/api/v11/comment/like', {
          comment_id: commentId,
          like_type: 'COMMENT_UP',
          action_type: 'ADD',
          comment_up_count: 1,
        })
        return { booster, status: res.status, body: await res.json() }
      }),
    )
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200))

    for (const b of boosters) {
      // Each spend saw its own balance: 11 down to 2, each once; 2 are left.
      const seen = results.filter((r) => r.booster === b).map((r) => likeResponse.parse(r.body).data.balance)
      expect(seen.sort((x, y) => x! - y!)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
      expect(await balanceOf(b.id)).toBe(2)
      const spent = await databases[1].db
        .select({ delta: coinLedger.delta })
        .from(coinLedger)
        .where(and(eq(coinLedger.userId, b.id), eq(coinLedger.reason, 'comment_up')))
      expect(spent.map((l) => l.delta)).toEqual(Array(10).fill(-1))
      const [{ sum }] = await databases[1].db
        .select({ sum: sql<number>`sum(${coinLedger.delta})::int` })
        .from(coinLedger)
        .where(eq(coinLedger.userId, b.id))
      expect(sum).toBe(2)
    }
    for (let i = 0; i < 2; i++) {
      const list = commentListResponse.parse(
        await (await get(i, author.token, `/api/v7/comment/list?phone=${encodeURIComponent(phone)}`)).json(),
      ).data
      expect(list.items.find((c) => c.id === commentId)?.commentUps).toBe(100)
    }
    const ups = await databases[0].db
      .select({ n: sql<number>`count(*)::int` })
      .from(reactions)
      .where(and(eq(reactions.targetType, 'comment'), eq(reactions.targetId, commentId), eq(reactions.kind, 'COMMENT_UP')))
    expect(ups[0].n).toBe(100)
  })

  it(`counts the rate limit across both servers: ${RATE_LIMIT + 1} calls split between them meet exactly one 429`, async () => {
    const caller = await user('+4915177702000')
    const answers = await Promise.all(Array.from({ length: RATE_LIMIT + 1 }, (_, i) => get(i, caller.token, '/api/v202305/main/load')))
    const refused = answers.filter((r) => r.status === 429)
    expect(answers.filter((r) => r.status === 200)).toHaveLength(RATE_LIMIT)
    expect(refused).toHaveLength(1)
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused[0].json()).toMatchObject({
      status: false,
      status_code: ERROR_CODES.RATE_LIMITED,
      message: expect.stringMatching(/try again in \d+ s/),
    })
    // And the next call, on either server, is refused too: the count is shared.
    for (let i = 0; i < 2; i++) expect((await get(i, caller.token, '/api/v202305/main/load')).status).toBe(429)
  })

  it('renews a due hidden review once when both servers run the renewal at the same moment, with the job’s lock or without it', async () => {
    const owner = await user('+493077703000')
    // One review per author and number: two authors, two reviews.
    const authors = [await user('+4915177703001'), await user('+4915177703002')]
    async function dueHiddenReview(author: { token: string }, text: string) {
      const id = (await (await post(0, author.token, '/api/v7/comment/add', { phone: '+493077703000', text })).json()).data.id as number
      expect((await post(1, owner.token, '/api/v6/numcy/subscription/comment/add', { comment_id: id })).status).toBe(200)
      const ended = new Date(Date.now() - 1000)
      await databases[0].db.update(commentSubscriptions).set({ endsAt: ended }).where(eq(commentSubscriptions.commentId, id))
      await databases[0].db.update(comments).set({ hiddenUntil: ended }).where(eq(comments.id, id))
      return id
    }
    const hides = async () =>
      (
        await databases[1].db
          .select({ delta: coinLedger.delta })
          .from(coinLedger)
          .where(and(eq(coinLedger.userId, owner.id), eq(coinLedger.reason, HIDE_REASON)))
      ).map((l) => l.delta)
    const paid = LIMITS.hideReviewPrice

    // Enough for hiding twice and renewing each once: a second renewal of either would show.
    await grantCoins(databases[0].db, owner.id, 4 * paid, 'test')
    await dueHiddenReview(authors[0], 'first review')
    const jobs = await Promise.all(apps.map((app) => app.renewalJob.run()))
    expect(jobs.reduce((n, o) => n + (o?.renewed ?? 0), 0)).toBe(1)
    expect(await hides()).toEqual([-paid, -paid])

    await dueHiddenReview(authors[1], 'second review')
    const bare = await Promise.all(databases.map((d) => renewCommentSubscriptions(d.db)))
    expect(bare.reduce((n, o) => n + o.renewed, 0)).toBe(1)
    expect(await hides()).toEqual([-paid, -paid, -paid, -paid])
    expect(await balanceOf(owner.id)).toBe(0)
  })

  it('gives every background job its own lock: one holding its lock on one server never makes another skip its turn on the other', async () => {
    const jobs: Record<string, { job: (app: FastifyInstance) => ScheduledJob<unknown>; key: number }> = {
      renewal: { job: (app) => app.renewalJob, key: LOCKS.renewalJob },
      'plan expiry': { job: (app) => app.planExpiryJob, key: LOCKS.planExpiryJob },
      'introduction expiry': { job: (app) => app.fofExpiryJob, key: LOCKS.fofExpiryJob },
      purge: { job: (app) => app.purgeJob, key: LOCKS.purgeJob },
    }
    for (const [holder, held] of Object.entries(jobs)) {
      for (const [name, other] of Object.entries(jobs)) {
        const outcome = await databases[0].exclusive(held.key, () => other.job(apps[1]).run())
        // The same job stands aside (it runs on the other server); any other job runs.
        if (name === holder) expect(outcome, `${name} while ${holder} runs`).toBeNull()
        else expect(outcome, `${name} while ${holder} runs`).not.toBeNull()
      }
    }
  })
})
