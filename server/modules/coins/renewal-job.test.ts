import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { LOCKS } from '../../db/locks'
import { backends } from '../../../tests/support/database'
import { createTestApp, signInEach, type TestApp } from '../../../tests/support/app'
import { apiClient } from '../../../tests/support/api'
import { comments, commentSubscriptions, users } from '../../db/schema'
import { grantCoins } from './ledger-repository'

const OWNER = '+493012345640'
const OTHER_OWNER = '+493012345641'
const AUTHOR = '+4915123456742'

async function waitFor(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting for the renewal job')
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe.each(backends)('the scheduled renewal of hidden reviews on %s', (backend) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    // 0.002 minutes: a run every 120 ms, the first one 120 ms after start.
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000', RENEWAL_INTERVAL_MINUTES: '0.002' })
    await signInEach(t.app, [OWNER, OTHER_OWNER, AUTHOR], { tokens, ids })
  })
  afterAll(async () => t?.close())

  const { post } = apiClient(() => t.app, tokens)
  const balance = async (phone: string) =>
    (await t.database.db.select({ b: users.balance }).from(users).where(eq(users.id, ids[phone])))[0].b
  const subOf = async (commentId: number) =>
    (await t.database.db.select().from(commentSubscriptions).where(eq(commentSubscriptions.commentId, commentId)))[0]
  const commentRow = async (id: number) => (await t.database.db.select().from(comments).where(eq(comments.id, id)))[0]

  /** A review on `owner`'s number hidden by the owner, whose paid month ended a second ago. */
  async function dueHiddenReview(owner: string, coins: number) {
    const id = (await post(AUTHOR, '/api/v7/comment/add', { phone: owner, text: `review of ${owner}` })).json().data.id as number
    await grantCoins(t.database.db, ids[owner], 10 + coins, 'test')
    expect((await post(owner, '/api/v6/numcy/subscription/comment/add', { comment_id: id })).statusCode).toBe(200)
    const ended = new Date(Date.now() - 1000)
    await t.database.db.update(commentSubscriptions).set({ endsAt: ended }).where(eq(commentSubscriptions.commentId, id))
    await t.database.db.update(comments).set({ hiddenUntil: ended }).where(eq(comments.id, id))
    return id
  }

  it('renews a due hidden review from the balance and lapses one whose owner is short, without anyone calling it', async () => {
    // Armed, between runs: a run under way (every 120 ms) has no timer until it ends.
    await vi.waitFor(() => expect(t.app.renewalJob.scheduled).toBe(true))
    const renewing = await dueHiddenReview(OWNER, 10)
    const lapsing = await dueHiddenReview(OTHER_OWNER, 3)
    await waitFor(async () => (await subOf(renewing)).endsAt > new Date() && (await subOf(lapsing)).status === 'lapsed')
    expect(await balance(OWNER)).toBe(0)
    expect((await commentRow(renewing)).hiddenUntil!.getTime()).toBe((await subOf(renewing)).endsAt.getTime())
    expect((await commentRow(renewing)).hiddenBy).toBe(ids[OWNER])
    // The short owner keeps their coins and the review shows again.
    expect(await balance(OTHER_OWNER)).toBe(3)
    expect(await commentRow(lapsing)).toMatchObject({ hiddenBy: null, hiddenUntil: null })
  })

  it('skips a run while another server process holds the renewal lock', async () => {
    const inside = await t.database.exclusive(LOCKS.renewalJob, () => t.app.renewalJob.run())
    // PostgreSQL: the lock is taken on another connection, so the job stands aside.
    // PGlite: one process owns the data folder, so there is no one to stand aside for.
    if (backend === 'postgres') expect(inside).toBeNull()
    else expect(inside).toMatchObject({ renewed: expect.any(Number), lapsed: expect.any(Number), failed: 0 })
    // Outside the lock it goes ahead; the scheduled run (every 120 ms) may hold the lock at that very
    // moment, and the call stands aside as it did above, so it is asked again until the lock is free.
    let outside: Awaited<ReturnType<typeof t.app.renewalJob.run>> = null
    await waitFor(async () => (outside = await t.app.renewalJob.run()) !== null, 2_000)
    expect(outside).toMatchObject({ failed: 0 })
  })

  it('stops when the app closes', async () => {
    await waitFor(async () => t.app.renewalJob.runs > 2)
    await t.app.close()
    expect(t.app.renewalJob.scheduled).toBe(false)
    const runs = t.app.renewalJob.runs
    await new Promise((r) => setTimeout(r, 500))
    expect(t.app.renewalJob.runs).toBe(runs)
  })
})

describe('the renewal job switched off', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite', { RENEWAL_INTERVAL_MINUTES: '0' })
  })
  afterAll(async () => t?.close())

  it('arms no timer with RENEWAL_INTERVAL_MINUTES=0, and can still be run by hand', async () => {
    expect(t.app.renewalJob.scheduled).toBe(false)
    await new Promise((r) => setTimeout(r, 200))
    expect(t.app.renewalJob.runs).toBe(0)
    expect(await t.app.renewalJob.run()).toEqual({ renewed: 0, lapsed: 0, failed: 0 })
  })
})
