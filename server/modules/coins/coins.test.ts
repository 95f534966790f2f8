import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../../../contract/errors'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, signIn, signInEach, type TestApp } from '../../../tests/support/app'
import { apiClient, expectError } from '../../../tests/support/api'
import { commentListResponse, commentSubscriptionResponse } from '../../../contract/api/community'
import { coinLedger, comments, commentSubscriptions, users } from '../../db/schema'
import { grantCoins } from './ledger-repository'
import { addMonth, renewCommentSubscriptions } from './repository'

const OWNER = '+493012345620'
const AUTHOR = '+4915123456721'
const STRANGER = '+4915123456722'
const DAY = 24 * 3600 * 1000

describe('addMonth', () => {
  it('keeps the day of month, or takes the last day of a shorter month', () => {
    expect(addMonth(new Date('2026-01-15T10:00:00Z')).toISOString()).toBe('2026-02-15T10:00:00.000Z')
    expect(addMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z')
    expect(addMonth(new Date('2028-01-31T00:00:00Z')).toISOString()).toBe('2028-02-29T00:00:00.000Z')
    expect(addMonth(new Date('2026-12-31T23:59:00Z')).toISOString()).toBe('2027-01-31T23:59:00.000Z')
  })
})

describe.each(backends)('hiding a review with coins on %s', (backend) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    await signInEach(t.app, [OWNER, AUTHOR, STRANGER], { tokens, ids })
  })
  afterAll(async () => t?.close())

  const { post } = apiClient(() => t.app, tokens)
  const hide = (who: string, comment_id: number | string) => post(who, '/api/v6/numcy/subscription/comment/add', { comment_id })
  const cancel = (who: string, comment_id: number | string) => post(who, '/api/v6/numcy/subscription/comment/cancel', { comment_id })
  const balance = async (phone: string) =>
    (await t.database.db.select({ b: users.balance }).from(users).where(eq(users.id, ids[phone])))[0].b
  const setBalance = (phone: string, b: number) => t.database.db.update(users).set({ balance: b }).where(eq(users.id, ids[phone]))
  const commentRow = async (id: number) => (await t.database.db.select().from(comments).where(eq(comments.id, id)))[0]
  const subRow = async (commentId: number) =>
    (await t.database.db.select().from(commentSubscriptions).where(eq(commentSubscriptions.commentId, commentId)))[0]
  const hideLedger = async (phone: string) =>
    t.database.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, ids[phone]), eq(coinLedger.reason, 'comment_hide')))
  const visibleTo = async (who: string) =>
    commentListResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v7/comment/list', headers: bearer(tokens[who]), query: { phone: OWNER } })).json(),
    ).data.items
  let review = 0

  it('charges the owner 10 coins with a ledger row and hides the review from everyone but the owner and the author', async () => {
    review = (await post(AUTHOR, '/api/v7/comment/add', { phone: OWNER, text: 'bad company' })).json().data.id
    await grantCoins(t.database.db, ids[OWNER], 25, 'test')
    const res = await hide(OWNER, review)
    expect(res.statusCode, res.body).toBe(200)
    const data = commentSubscriptionResponse.parse(res.json()).data
    expect(data).toMatchObject({ comment_id: review, status: 'active', autoRenew: true, hiddenBy: ids[OWNER], balance: 15 })
    const end = data.endDateTimestamp! * 1000
    expect(end - Date.now()).toBeGreaterThan(27 * DAY)
    expect(end - Date.now()).toBeLessThan(32 * DAY)
    expect(await balance(OWNER)).toBe(15)
    expect((await hideLedger(OWNER)).map((l) => [l.delta, l.balanceAfter])).toEqual([[-10, 15]])
    expect(await subRow(review)).toMatchObject({ userId: ids[OWNER], status: 'active', autoRenew: true })
    expect((await commentRow(review)).hiddenBy).toBe(ids[OWNER])

    expect(await visibleTo(STRANGER)).toEqual([])
    expect((await visibleTo(OWNER))[0]).toMatchObject({
      id: review,
      hiddenBy: ids[OWNER],
      endDateTimestamp: data.endDateTimestamp,
      hideRenews: true,
    })
    expect((await visibleTo(AUTHOR)).map((c) => [c.id, c.hideRenews])).toEqual([[review, null]])
    // Asking again within the paid month charges nothing.
    expect((await hide(OWNER, review)).json().data).toMatchObject({ status: 'active', balance: 15 })
    expect((await hideLedger(OWNER)).length).toBe(1)
  })

  it('refuses others and bad input with nothing changed', async () => {
    const other = (await post(AUTHOR, '/api/v7/comment/add', { phone: '+493012345621', text: 'not the owner number' })).json().data.id
    await grantCoins(t.database.db, ids[STRANGER], 50, 'test')
    // The stranger does not own the number the review is on; nor does the owner own another number.
    expectError(await hide(STRANGER, review), 403)
    expectError(await hide(OWNER, other), 403)
    expectError(await cancel(STRANGER, review), 403)
    expectError(await hide(AUTHOR, review), 403)
    expect(await balance(STRANGER)).toBe(50)
    expect((await commentRow(other)).hiddenBy).toBeNull()
    expect(await subRow(other)).toBeUndefined()
    expect(await subRow(review)).toMatchObject({ status: 'active', autoRenew: true })
    for (const bad of ['', 'abc', '0', '1.5', '99999999999']) expectError(await hide(OWNER, bad), 400)
    expectError(await hide(OWNER, 999999), 404)
    expectError(await cancel(OWNER, 999999), 404)
  })

  it('a short balance answers 402 with a clear message and changes nothing', async () => {
    const second = (await post(STRANGER, '/api/v7/comment/add', { phone: OWNER, text: 'another review' })).json().data.id
    await setBalance(OWNER, 9)
    const res = await hide(OWNER, second)
    expectError(res, 402, ERROR_CODES.INSUFFICIENT_COINS)
    expect(res.json().message).toMatch(/not enough coins.*10.*9/i)
    expect(await balance(OWNER)).toBe(9)
    expect(await subRow(second)).toBeUndefined()
    expect((await commentRow(second)).hiddenBy).toBeNull()
    expect((await hideLedger(OWNER)).length).toBe(1)
    // Parallel attempts with enough for one hide charge once.
    await setBalance(OWNER, 10)
    const all = await Promise.all(Array.from({ length: 5 }, () => hide(OWNER, second)))
    expect(all.every((r) => r.statusCode === 200)).toBe(true)
    expect(await balance(OWNER)).toBe(0)
    expect((await hideLedger(OWNER)).length).toBe(2)
  })

  it('cancel stops renewal; the review stays hidden until the month ends, then shows again without a charge', async () => {
    const res = await cancel(OWNER, review)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ comment_id: review, status: 'cancelled', autoRenew: false, hiddenBy: ids[OWNER] })
    expect(await subRow(review)).toMatchObject({ status: 'cancelled', autoRenew: false })
    // The owner's list says so after a reload too: hidden until the month ends, not renewing.
    expect((await visibleTo(OWNER)).find((c) => c.id === review)).toMatchObject({ hiddenBy: ids[OWNER], hideRenews: false })
    expect((await visibleTo(STRANGER)).some((c) => c.id === review)).toBe(false)
    await setBalance(OWNER, 100)
    const ledgerBefore = (await hideLedger(OWNER)).length
    const later = new Date(Date.now() + 40 * DAY)
    const outcome = await renewCommentSubscriptions(t.database.db, later)
    expect(outcome.lapsed).toBeGreaterThanOrEqual(1)
    expect(await subRow(review)).toMatchObject({ status: 'lapsed' })
    expect((await commentRow(review)).hiddenBy).toBeNull()
    expect((await commentRow(review)).hiddenUntil).toBeNull()
    expect((await visibleTo(STRANGER)).some((c) => c.id === review)).toBe(true)
    expect(await balance(OWNER)).toBe(100 - 10 * outcome.renewed)
    expect((await hideLedger(OWNER)).length).toBe(ledgerBefore + outcome.renewed)
    // Hiding again after it lapsed is a new paid month.
    expect((await hide(OWNER, review)).json().data).toMatchObject({ status: 'active', balance: 100 - 10 * outcome.renewed - 10 })
    expectError(await cancel(STRANGER, review), 403)
  })

  it('renewCommentSubscriptions charges due auto-renewing hides once per month and lapses those whose owner is short', async () => {
    const a = (await post(AUTHOR, '/api/v7/comment/add', { phone: '+493012345623', text: 'a' })).json().data.id
    const ownerB = '+493012345623'
    const s = await signIn(t.app, ownerB)
    tokens[ownerB] = s.token
    ids[ownerB] = s.profileId
    await grantCoins(t.database.db, s.profileId, 25, 'test')
    const hidden = commentSubscriptionResponse.parse((await hide(ownerB, a)).json()).data
    expect(hidden.balance).toBe(15)
    const firstEnd = (await subRow(a)).endsAt
    expect(Math.floor(firstEnd.getTime() / 1000)).toBe(hidden.endDateTimestamp)

    // Nothing is due before the month ends.
    await renewCommentSubscriptions(t.database.db, new Date(firstEnd.getTime() - 1000))
    expect(await balance(ownerB)).toBe(15)

    const due = new Date(firstEnd.getTime() + 1000)
    const r1 = await renewCommentSubscriptions(t.database.db, due)
    expect(r1.failed).toBe(0)
    expect(await balance(ownerB)).toBe(5)
    const renewed = await subRow(a)
    expect(renewed.status).toBe('active')
    expect(renewed.endsAt.getTime()).toBe(addMonth(firstEnd).getTime())
    expect((await commentRow(a)).hiddenUntil!.getTime()).toBe(renewed.endsAt.getTime())
    // Running again for the same moment charges nothing more.
    await renewCommentSubscriptions(t.database.db, due)
    expect(await balance(ownerB)).toBe(5)
    expect((await hideLedger(ownerB)).map((l) => l.delta)).toEqual([-10, -10])

    // A month later the owner has 5 coins: the hide lapses and the review shows again.
    const r2 = await renewCommentSubscriptions(t.database.db, new Date(renewed.endsAt.getTime() + 1000))
    expect(r2.lapsed).toBeGreaterThanOrEqual(1)
    expect(await balance(ownerB)).toBe(5)
    expect(await subRow(a)).toMatchObject({ status: 'lapsed', autoRenew: false })
    expect((await commentRow(a)).hiddenBy).toBeNull()
    const ledger = await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, s.profileId))
    expect(ledger.reduce((n, l) => n + l.delta, 0)).toBe(await balance(ownerB))
  })
  it('never charges a deactivated owner: the hide lapses at its month’s end and the review shows again', async () => {
    const leaver = '+493012345624'
    const a = (await post(AUTHOR, '/api/v7/comment/add', { phone: leaver, text: 'about the leaver' })).json().data.id
    const s = await signIn(t.app, leaver)
    tokens[leaver] = s.token
    ids[leaver] = s.profileId
    await grantCoins(t.database.db, s.profileId, 100, 'test')
    expect((await hide(leaver, a)).statusCode).toBe(200)
    const end = (await subRow(a)).endsAt
    expect((await post(leaver, '/api/v6/profile/deactivate', { cancel: '1' })).statusCode).toBe(200)
    const r = await renewCommentSubscriptions(t.database.db, new Date(end.getTime() + 1000))
    expect(r.failed).toBe(0)
    expect(await subRow(a)).toMatchObject({ status: 'lapsed', autoRenew: false })
    expect((await commentRow(a)).hiddenBy).toBeNull()
    expect(await balance(leaver)).toBe(90)
    expect((await hideLedger(leaver)).map((l) => l.delta)).toEqual([-10])
  })
})
