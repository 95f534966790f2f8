import { eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCKS } from '../../db/locks'
import type { FastifyInstance } from 'fastify'
import { backends, twoServersOnOnePostgres } from '../../../tests/support/database'
import { createTestApp, signIn, signInEach, type TestApp } from '../../../tests/support/app'
import { apiClient } from '../../../tests/support/api'
import type { Database } from '../../db/client'
import {
  bans,
  coinLedger,
  comments,
  contacts,
  disputes,
  introductionRequests,
  nameSuggestions,
  notes,
  notifications,
  numbers,
  oneTimeKeys,
  payments,
  reactions,
  searchHistory,
  sessions,
  threadReplies,
  users,
} from '../../db/schema'
import { grantCoins } from '../coins/ledger-repository'
import { createPayment } from '../payments/repository'
import { purgeDeactivated } from './purge-job'

const GONE = '+4915170500001'
const RECENT = '+4915170500002'
const NEIGHBOUR = '+4915170500003'
const TOPIC = '+493070500001'
const DAY = 86_400_000

async function waitFor(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting for the purge job')
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe.each(backends)('the purge of deactivated accounts on %s', (backend) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    await signInEach(t.app, [GONE, RECENT, NEIGHBOUR], { tokens, ids })
  })
  afterAll(async () => t?.close())

  const db = () => t.database.db
  const { post, get } = apiClient(() => t.app)
  const user = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]
  const count = async (table: PgTable, where: SQL | undefined) =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(where)
    )[0].n
  const deactivatedDaysAgo = async (phone: string, days: number) => {
    expect((await post(tokens[phone], '/api/v6/profile/deactivate', { cancel: 1 })).statusCode).toBe(200)
    await db()
      .update(users)
      .set({ deactivatedAt: new Date(Date.now() - days * DAY) })
      .where(eq(users.id, ids[phone]))
  }

  it('erases the personal data of an account deactivated 31 days ago, keeps its ledger and payments, and leaves one of 29 days alone', async () => {
    const me = tokens[GONE]
    // Everything a user leaves behind.
    expect((await post(me, '/api/v6/profile/name', { first_name: 'Gone', last_name: 'Girl' })).statusCode).toBe(200)
    const mine = (await post(me, '/api/v7/comment/add', { phone: TOPIC, text: 'Sells insurance' })).json().data.id as number
    const theirs = (await post(tokens[NEIGHBOUR], '/api/v7/comment/add', { phone: TOPIC, text: 'Friendly, not spam' })).json().data
      .id as number
    expect((await post(tokens[NEIGHBOUR], '/api/v13/comment/thread/add', { reply_to: mine, text: 'Same here' })).statusCode).toBe(200)
    expect(
      (await post(tokens[NEIGHBOUR], '/api/v11/comment/like', { comment_id: mine, like_type: 'LIKE', action_type: 'ADD' })).statusCode,
    ).toBe(200)
    expect((await post(me, '/api/v13/comment/thread/add', { reply_to: theirs, text: 'Not to me' })).statusCode).toBe(200)
    expect((await post(me, '/api/v11/comment/like', { comment_id: theirs, like_type: 'DISLIKE', action_type: 'ADD' })).statusCode).toBe(200)
    expect((await post(me, '/api/v7/notice/add', { phone: TOPIC, text: 'my agent' })).statusCode).toBe(200)
    expect((await post(me, '/api/v6/suggest/add', { phone: TOPIC, first_name: 'Ins', last_name: 'Urance' })).statusCode).toBe(200)
    expect((await post(me, '/api/v6/ban/add', { phone: TOPIC })).statusCode).toBe(200)
    expect((await get(me, `/api/v202505/search/${encodeURIComponent(TOPIC)}`)).statusCode).toBe(200)
    expect((await post(me, '/api/v6/payment/key')).statusCode).toBe(200)
    const topic = (await db().select().from(numbers).where(eq(numbers.e164, TOPIC)))[0].id
    await db().insert(contacts).values({ ownerId: ids[GONE], numberId: topic, firstName: 'Agent', nameHash: 'h-agent' })
    await db()
      .insert(notifications)
      .values([
        { userId: ids[GONE], kind: 'reply', refKey: 'r1', numberId: topic },
        { userId: ids[NEIGHBOUR], kind: 'reply', refKey: 'r2', numberId: topic, actorId: ids[GONE], data: { text: 'Not to me' } },
      ])
    await db().insert(disputes).values({ numberId: topic, userId: ids[GONE], category: 'not_spam', reasons: 'mine now' })
    await db().insert(introductionRequests).values({ fromUserId: ids[GONE], numberId: topic })
    await grantCoins(db(), ids[GONE], 40, 'admin_grant')
    const payment = await createPayment(db(), {
      userId: ids[GONE],
      beneficiaryId: ids[GONE],
      provider: 'dev',
      product: 'numcy_pack_100',
      amount: 199,
      currency: 'USD',
      coins: 100,
    })
    // The other one's comment, for the restore below.
    const recentComment = (await post(tokens[RECENT], '/api/v7/comment/add', { phone: TOPIC, text: 'Still thinking it over' })).json().data
      .id as number

    await deactivatedDaysAgo(GONE, 31)
    await deactivatedDaysAgo(RECENT, 29)
    const before = await user(ids[GONE])
    // The index another person sees: the ban and the poll answers of the account count against the number.
    const index = async () =>
      (await get(tokens[NEIGHBOUR], `/api/v202505/search/${encodeURIComponent(TOPIC)}`)).json().data.metrics.index as number
    expect(await index()).toBeLessThan(5)

    expect(await t.app.purgeJob.run()).toEqual({ purged: 1 })

    const after = await user(ids[GONE])
    expect(after).toMatchObject({ phone: `purged:${ids[GONE]}`, firstName: null, lastName: null, balance: 40 })
    expect(after.purgedAt).not.toBeNull()
    const g = ids[GONE]
    expect({
      comments: await count(comments, eq(comments.userId, g)),
      replies: await count(threadReplies, eq(threadReplies.userId, g)),
      repliesToMine: await count(threadReplies, eq(threadReplies.commentId, mine)),
      reactions: await count(reactions, or(eq(reactions.userId, g), eq(reactions.targetId, mine))),
      notes: await count(notes, eq(notes.userId, g)),
      suggestions: await count(nameSuggestions, eq(nameSuggestions.userId, g)),
      bans: await count(bans, eq(bans.userId, g)),
      contacts: await count(contacts, eq(contacts.ownerId, g)),
      history: await count(searchHistory, eq(searchHistory.userId, g)),
      notifications: await count(notifications, or(eq(notifications.userId, g), eq(notifications.actorId, g))),
      disputes: await count(disputes, eq(disputes.userId, g)),
      introductions: await count(introductionRequests, eq(introductionRequests.fromUserId, g)),
      sessions: await count(sessions, eq(sessions.userId, g)),
      keys: await count(oneTimeKeys, eq(oneTimeKeys.userId, g)),
    }).toEqual({
      comments: 0,
      replies: 0,
      repliesToMine: 0,
      reactions: 0,
      notes: 0,
      suggestions: 0,
      bans: 0,
      contacts: 0,
      history: 0,
      notifications: 0,
      disputes: 0,
      introductions: 0,
      sessions: 0,
      keys: 0,
    })
    // The law's records stay.
    expect(await count(coinLedger, eq(coinLedger.userId, g))).toBe(1)
    expect((await db().select().from(payments).where(eq(payments.id, payment)))[0]).toMatchObject({ userId: g, amount: 199 })
    // The dislike on the neighbour's comment is taken back; the neighbour's own texts stay.
    expect((await db().select().from(comments).where(eq(comments.id, theirs)))[0]).toMatchObject({
      dislikes: 0,
      text: 'Friendly, not spam',
    })
    expect(await count(notifications, eq(notifications.userId, ids[NEIGHBOUR]))).toBe(0)
    // The ban was the number's only evidence: its cached index is neutral again.
    expect(await index()).toBe(5)
    expect(before.phone).toBe(GONE)

    // A second run finds nothing to do.
    expect(await t.app.purgeJob.run()).toEqual({ purged: 0 })

    // The one deactivated 29 days ago is untouched and signs back in to everything.
    expect((await user(ids[RECENT])).purgedAt).toBeNull()
    const back = await signIn(t.app, RECENT)
    expect(back).toMatchObject({ isNewUser: false, profileId: ids[RECENT] })
    const list = (await get(back.token, '/api/v7/comment/list', { phone: TOPIC })).json().data.items.map((c: { id: number }) => c.id)
    expect(list).toContain(recentComment)
    expect(list).not.toContain(mine)

    // The purged number signs up afresh: a new account with nothing in it.
    const fresh = await signIn(t.app, GONE)
    expect(fresh.isNewUser).toBe(true)
    expect(fresh.profileId).not.toBe(g)
    expect((await get(fresh.token, '/api/v6/history/list')).json().data).toEqual({ items: [], total: 0 })
    expect((await get(fresh.token, '/api/v6/profile/my')).json().data).toMatchObject({ firstName: null, lastName: null, balance: 0 })
    expect((await get(fresh.token, '/api/v6/numcy/ledger')).json().data).toEqual({ items: [], total: 0 })
  })

  it('does not restore an account signed in again after 30 days, even before the job came by', async () => {
    const LATE = '+4915170500009'
    const late = await signIn(t.app, LATE)
    const said = (await post(late.token, '/api/v7/comment/add', { phone: TOPIC, text: 'Gone for a month' })).json().data.id as number
    expect((await post(late.token, '/api/v6/profile/deactivate', { cancel: 1 })).statusCode).toBe(200)
    await db()
      .update(users)
      .set({ deactivatedAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(users.id, late.profileId))
    // The purge job has not run: signing in now starts afresh all the same.
    const again = await signIn(t.app, LATE)
    expect(again.isNewUser).toBe(true)
    expect(again.profileId).not.toBe(late.profileId)
    expect(await user(late.profileId)).toMatchObject({ phone: `purged:${late.profileId}` })
    expect(await count(comments, eq(comments.id, said))).toBe(0)
  })

  it('purges each account once when two runs overlap, the lock aside', async () => {
    const made = await db()
      .insert(users)
      .values(
        ['+4915170500011', '+4915170500012', '+4915170500013'].map((phone) => ({ phone, deactivatedAt: new Date(Date.now() - 40 * DAY) })),
      )
      .returning({ id: users.id })
    const runs = await Promise.all([purgeDeactivated(db()), purgeDeactivated(db())])
    expect(runs[0].purged + runs[1].purged).toBe(3)
    const rows = await db()
      .select()
      .from(users)
      .where(
        inArray(
          users.id,
          made.map((m) => m.id),
        ),
      )
    expect(rows.map((r) => r.phone).sort()).toEqual(made.map((m) => `purged:${m.id}`).sort())
  })
})

describe('the purge job on a timer', () => {
  let t: TestApp
  beforeAll(async () => {
    // 0.002 minutes: a run every 120 ms.
    t = await createTestApp('pglite', { PURGE_INTERVAL_MINUTES: '0.002' })
  })
  afterAll(async () => t?.close())

  it('purges without anyone calling it, and is off by default under NODE_ENV=test', async () => {
    expect(t.app.purgeJob.scheduled).toBe(true)
    const [u] = await t.database.db
      .insert(users)
      .values({ phone: '+4915170500021', deactivatedAt: new Date(Date.now() - 31 * DAY) })
      .returning({ id: users.id })
    await waitFor(async () => (await t.database.db.select().from(users).where(eq(users.id, u.id)))[0].purgedAt !== null)
    const off = await createTestApp('pglite')
    try {
      expect(off.app.purgeJob.scheduled).toBe(false)
    } finally {
      await off.close()
    }
  })
})

// Two server processes need a database server: with TEST_DATABASE_URL only (no test is skipped without it).
describe.each(backends.filter((b) => b === 'postgres'))('the purge job on two servers sharing one %s database', () => {
  let servers: Awaited<ReturnType<typeof twoServersOnOnePostgres>>
  let databases: Database[]
  let apps: FastifyInstance[]
  beforeAll(async () => {
    servers = await twoServersOnOnePostgres()
    ;({ databases, apps } = servers)
  })
  afterAll(async () => servers?.close())

  it('runs at the same moment on both: every account purged exactly once', async () => {
    const db = databases[0].db
    const made = await db
      .insert(users)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          phone: `+49151705001${i}0`,
          firstName: 'Old',
          deactivatedAt: new Date(Date.now() - 45 * DAY),
        })),
      )
      .returning({ id: users.id })
    for (const { id } of made) await grantCoins(db, id, 5, 'admin_grant')
    const outcomes = await Promise.all(apps.map((app) => app.purgeJob.run()))
    // One server ran; the other found the lock taken and skipped its turn (or came after and found nothing).
    expect(outcomes.reduce((n, o) => n + (o?.purged ?? 0), 0)).toBe(5)
    const rows = await db
      .select()
      .from(users)
      .where(
        inArray(
          users.id,
          made.map((m) => m.id),
        ),
      )
    expect(rows.every((r) => r.phone === `purged:${r.id}` && r.firstName === null && r.purgedAt !== null && r.balance === 5)).toBe(true)
    expect(
      await db
        .select()
        .from(coinLedger)
        .where(
          inArray(
            coinLedger.userId,
            made.map((m) => m.id),
          ),
        ),
    ).toHaveLength(5)
    // Held by one server, the other stands aside.
    expect(await databases[0].exclusive(LOCKS.purgeJob, () => apps[1].purgeJob.run())).toBeNull()
  })
})
