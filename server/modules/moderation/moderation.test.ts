import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../../../contract/errors'
import { backends } from '../../../tests/support/database'
import { createTestApp, signInEach, type TestApp } from '../../../tests/support/app'
import { apiClient, expectError } from '../../../tests/support/api'
import { commentListResponse, moderationQueueResponse } from '../../../contract/api/community'
import { searchResponse } from '../../../contract/api/number-profile'
import { coinLedger, comments, complaints, moderationLog, postingBans, reports, threadReplies, users } from '../../db/schema'
import { grantUserCoins, readArgs } from '../../cli/user-coins'

const ALICE = '+4915123456711'
const BOB = '+4915123456712'
const MOD = '+4915123456713'
const ADMIN = '+4915123456714'

describe.each(backends)('reports, complaints and moderation on %s', (backend) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    await signInEach(t.app, [ALICE, BOB, MOD, ADMIN], { tokens, ids })
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, ids[MOD]))
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, ids[ADMIN]))
  })
  afterAll(async () => t?.close())

  const { post, get } = apiClient(() => t.app, tokens)
  async function add(who: string, phone: string, text: string): Promise<number> {
    const res = await post(who, '/api/v7/comment/add', { phone, text })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.id
  }
  const listTexts = async (phone: string) =>
    commentListResponse.parse((await get(BOB, '/api/v7/comment/list', { phone })).json()).data.items.map((c) => c.text)
  const commentRow = async (id: number) => (await t.database.db.select().from(comments).where(eq(comments.id, id)))[0]
  const logCount = async () => (await t.database.db.select().from(moderationLog)).length

  it('users report a comment; reporting again while open returns the same report', async () => {
    const c = await add(ALICE, '+493012345610', 'spam spam')
    const res = await post(BOB, '/api/v6/report/comment', { comment_id: c, report_text: 'This is spam <b>really</b>' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({ id: expect.any(Number), status: 'accepted' })
    const again = await post(BOB, '/api/v6/report/comment', { comment_id: c, report_text: 'again' })
    expect(again.json().data.id).toBe(res.json().data.id)
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, res.json().data.id))
    expect(row).toMatchObject({
      reporterId: ids[BOB],
      targetType: 'comment',
      targetId: c,
      text: 'This is spam <b>really</b>',
      status: 'open',
    })
    const reply = (await post(BOB, '/api/v13/comment/thread/add', { reply_to: c, text: 'rude reply' })).json().data.id
    const onReply = await post(ALICE, '/api/v6/report/comment', { thread_id: reply, report_text: '' })
    expect(onReply.statusCode, onReply.body).toBe(200)
    expectError(await post(BOB, '/api/v6/report/comment', { report_text: 'no target' }), 400)
    expectError(await post(BOB, '/api/v6/report/comment', { comment_id: 999999, report_text: 'x' }), 404)
    expectError(await post(BOB, '/api/v6/report/comment', { comment_id: 'abc', report_text: 'x' }), 400)
    expectError(await post(BOB, '/api/v6/report/comment', { comment_id: c, report_text: 'x'.repeat(2001) }), 400)
    expectError(await post(null, '/api/v6/report/comment', { comment_id: c, report_text: 'x' }), 401)
  })

  it('complaints come from signed-in users and from anyone without a token; the form is validated', async () => {
    const c = await add(ALICE, '+493012345611', 'defamation')
    const anonymous = await post(null, '/api/v6/complaint/add', {
      target_type: 'comment',
      target_id: c,
      name: 'Jo',
      email: 'jo@example.com',
      message: 'Name: Jo\nEmail: jo@example.com\nMessage: this is false',
    })
    expect(anonymous.statusCode, anonymous.body).toBe(200)
    expect(anonymous.json().data.status).toBe('accepted')
    const signed = await post(BOB, '/api/v6/complaint/add', {
      target_type: 'contact',
      name: 'Bob B',
      email: 'bob@example.org',
      message: 'Wrong name shown',
      first_name: 'Evil',
      last_name: 'Name',
      name_hash: 'abc123',
      profile_id: 5,
    })
    expect(signed.statusCode, signed.body).toBe(200)
    const rows = await t.database.db.select().from(complaints)
    expect(rows.find((r) => r.id === anonymous.json().data.id)).toMatchObject({
      userId: null,
      targetType: 'comment',
      targetId: c,
      status: 'open',
    })
    expect(rows.find((r) => r.id === signed.json().data.id)).toMatchObject({
      userId: ids[BOB],
      extra: { first_name: 'Evil', last_name: 'Name', name_hash: 'abc123', profile_id: 5 },
    })
    const good = { target_type: 'comment', target_id: c, name: 'Jo', email: 'jo@example.com', message: 'long enough' }
    for (const bad of [
      { ...good, email: 'not-an-email' },
      { ...good, email: '' },
      { ...good, message: 'short' },
      { ...good, name: 'J' },
      { ...good, target_type: 'planet' },
      { ...good, target_id: 'x' },
      { target_type: 'comment', name: 'Jo', email: 'jo@example.com', message: 'no target id here' },
    ])
      expectError(await post(null, '/api/v6/complaint/add', bad), 400)
    expectError(await post(null, '/api/v6/complaint/add', { ...good, target_id: 999999 }), 404)
    expect((await t.database.db.select().from(complaints)).length).toBe(2)
  })

  it('only moderators and administrators see the queue and remove, edit or resolve; nothing changes otherwise', async () => {
    const phone = '+493012345612'
    const c = await add(ALICE, phone, 'keep me')
    const reply = (await post(BOB, '/api/v13/comment/thread/add', { reply_to: c, text: 'reply' })).json().data.id
    const report = (await post(BOB, '/api/v6/report/comment', { comment_id: c, report_text: 'bad' })).json().data.id
    const before = await logCount()
    expectError(await get(ALICE, '/api/v6/moderation/queue'), 403)
    expectError(await post(BOB, '/api/v6/moderation/remove', { target_type: 'comment', target_id: c, reason: 'x' }), 403)
    expectError(await post(BOB, '/api/v6/moderation/remove', { target_type: 'thread', target_id: reply, reason: 'x' }), 403)
    expectError(await post(ALICE, '/api/v6/moderation/edit', { target_type: 'comment', target_id: c, text: 'changed' }), 403)
    expectError(await post(BOB, '/api/v6/moderation/resolve', { kind: 'report', id: report, status: 'rejected' }), 403)
    expectError(await post(null, '/api/v6/moderation/remove', { target_type: 'comment', target_id: c, reason: 'x' }), 401)
    expect(await logCount()).toBe(before)
    expect((await commentRow(c)).removedAt).toBeNull()
    expect((await commentRow(c)).text).toBe('keep me')
    expect((await t.database.db.select().from(reports).where(eq(reports.id, report)))[0].status).toBe('open')
    // Bad input from a moderator is a 4xx too.
    expectError(await post(MOD, '/api/v6/moderation/remove', { target_type: 'profile', target_id: c }), 400)
    expectError(await post(MOD, '/api/v6/moderation/remove', { target_type: 'comment', target_id: 'x' }), 400)
    expectError(await post(MOD, '/api/v6/moderation/remove', { target_type: 'comment', target_id: 999999 }), 404)
    expectError(await post(MOD, '/api/v6/moderation/edit', { target_type: 'comment', target_id: c, text: '' }), 400)
    expectError(await post(MOD, '/api/v6/moderation/edit', { target_type: 'comment', target_id: c, text: 'z'.repeat(2001) }), 400)
    expectError(await post(MOD, '/api/v6/moderation/resolve', { kind: 'report', id: 999999, status: 'resolved' }), 404)
    expectError(await post(MOD, '/api/v6/moderation/resolve', { kind: 'report', id: report, status: 'maybe' }), 400)
    expectError(await get(MOD, '/api/v6/moderation/queue', { limit: '0' }), 400)
    expectError(await get(MOD, '/api/v6/moderation/queue', { status: 'all' }), 400)
    expectError(await get(BOB, '/api/v6/moderation/queue', { status: 'closed' }), 403)
  })

  it('moderators see the queue with the reported text, remove, edit and resolve, each action logged', async () => {
    const phone = '+493012345613'
    const c = await add(ALICE, phone, 'offensive <i>text</i>')
    const other = await add(BOB, phone, 'harmless')
    const report = (await post(BOB, '/api/v6/report/comment', { comment_id: c, report_text: 'offensive' })).json().data.id
    const complaint = (
      await post(null, '/api/v6/complaint/add', {
        target_type: 'comment',
        target_id: other,
        name: 'Zed',
        email: 'z@example.com',
        message: 'I do not like it',
      })
    ).json().data.id

    const queue = moderationQueueResponse.parse((await get(MOD, '/api/v6/moderation/queue')).json()).data
    const rep = queue.items.find((i) => i.kind === 'report' && i.id === report)!
    expect(rep).toMatchObject({ targetType: 'comment', targetId: c, text: 'offensive', reporter: { profileId: ids[BOB] } })
    expect(rep.target).toEqual({
      text: 'offensive <i>text</i>',
      authorId: ids[ALICE],
      phoneNumber: phone,
      commentId: c,
      removed: false,
      authorName: null,
      removalsAfterComplaint: 0,
      postingBanned: false,
    })
    expect(rep).toMatchObject({ status: 'open', resolvedAtTimestamp: null, log: [] })
    const com = queue.items.find((i) => i.kind === 'complaint' && i.id === complaint)!
    expect(com).toMatchObject({
      text: 'I do not like it',
      reporter: { profileId: null, name: 'Zed', email: 'z@example.com' },
      target: { text: 'harmless' },
    })
    const onlyComplaints = moderationQueueResponse.parse((await get(ADMIN, '/api/v6/moderation/queue', { kind: 'complaint' })).json()).data
    expect(onlyComplaints.items.every((i) => i.kind === 'complaint')).toBe(true)

    const before = await logCount()
    const removed = await post(MOD, '/api/v6/moderation/remove', {
      target_type: 'comment',
      target_id: c,
      reason: 'insult',
      report_id: report,
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json().data).toEqual({ removed: true, removalsAfterComplaint: 1, postingBanned: false })
    expect(await listTexts(phone)).toEqual(['harmless'])
    expect((await commentRow(c)).removedBy).toBe(ids[MOD])
    expect((await t.database.db.select().from(reports).where(eq(reports.id, report)))[0]).toMatchObject({
      status: 'resolved',
      resolvedBy: ids[MOD],
    })
    expectError(
      await post(MOD, '/api/v6/moderation/remove', { target_type: 'comment', target_id: c, reason: 'again' }),
      409,
      ERROR_CODES.CONFLICT,
    )
    // The report is out of the queue now.
    const after = moderationQueueResponse.parse((await get(MOD, '/api/v6/moderation/queue')).json()).data
    expect(after.items.some((i) => i.kind === 'report' && i.id === report)).toBe(false)

    expect(
      (await post(ADMIN, '/api/v6/moderation/edit', { target_type: 'comment', target_id: other, text: 'harmless (edited by moderator)' }))
        .statusCode,
    ).toBe(200)
    expect(await listTexts(phone)).toEqual(['harmless (edited by moderator)'])
    expect((await post(ADMIN, '/api/v6/moderation/resolve', { kind: 'complaint', id: complaint, status: 'rejected' })).statusCode).toBe(200)
    expect((await t.database.db.select().from(complaints).where(eq(complaints.id, complaint)))[0]).toMatchObject({
      status: 'rejected',
      resolvedBy: ids[ADMIN],
    })
    expectError(
      await post(ADMIN, '/api/v6/moderation/resolve', { kind: 'complaint', id: complaint, status: 'resolved' }),
      409,
      ERROR_CODES.CONFLICT,
    )
    // The rejected complaint shows the edit of its text (with the text before) and the rejection.
    const closed = moderationQueueResponse.parse(
      (await get(MOD, '/api/v6/moderation/queue', { status: 'closed', kind: 'complaint' })).json(),
    ).data
    const rejected = closed.items.find((i) => i.id === complaint)!
    expect(rejected).toMatchObject({ status: 'rejected', target: { text: 'harmless (edited by moderator)', removed: false } })
    expect(rejected.log.map((l) => [l.action, l.moderatorId, l.status, l.before])).toEqual([
      ['edit', ids[ADMIN], null, 'harmless'],
      ['resolve', ids[ADMIN], 'rejected', null],
    ])

    const log = await t.database.db.select().from(moderationLog)
    expect(log.length).toBe(before + 3)
    expect(log.slice(-3).map((l) => [l.action, l.targetType])).toEqual([
      ['remove', 'comment'],
      ['edit', 'comment'],
      ['resolve', 'complaint'],
    ])
    expect(log.at(-3)!.details).toMatchObject({ reason: 'insult', text: 'offensive <i>text</i>', reportIds: [report] })
    expect(log.at(-2)!.details).toMatchObject({ before: 'harmless', after: 'harmless (edited by moderator)' })

    // Replies are moderated the same way.
    const reply = (await post(ALICE, '/api/v13/comment/thread/add', { reply_to: other, text: 'bad reply' })).json().data.id
    expect(
      (await post(MOD, '/api/v6/moderation/remove', { target_type: 'thread', target_id: reply, reason: 'x' })).json().data,
    ).toMatchObject({ removed: true })
    const [r] = await t.database.db.select().from(threadReplies).where(eq(threadReplies.id, reply))
    expect(r.removedAt).not.toBeNull()
    expect(commentListResponse.parse((await get(BOB, '/api/v7/comment/list', { phone })).json()).data.items[0].thread_count).toBe(0)
  })

  it('a second removal after a complaint bans the author from posting on that number only', async () => {
    const phone = '+493012345614'
    const complain = async (type: 'comment' | 'thread', id: number) =>
      (
        await post(null, '/api/v6/complaint/add', {
          target_type: type,
          target_id: id,
          name: 'Kim',
          email: 'kim@example.com',
          message: 'please remove this',
        })
      ).json().data.id as number
    const first = await add(ALICE, phone, 'first offence')
    // A removal without any complaint does not count.
    expect(
      (await post(MOD, '/api/v6/moderation/remove', { target_type: 'comment', target_id: first, reason: 'own initiative' })).json().data,
    ).toEqual({ removed: true, removalsAfterComplaint: 0, postingBanned: false })
    // Posting again revives the same comment with the new text.
    expect(await add(ALICE, phone, 'second try')).toBe(first)
    expect(await listTexts(phone)).toEqual(['second try'])
    const c1 = await complain('comment', first)
    expect(
      (
        await post(MOD, '/api/v6/moderation/remove', { target_type: 'comment', target_id: first, reason: 'complaint', complaint_id: c1 })
      ).json().data,
    ).toEqual({ removed: true, removalsAfterComplaint: 1, postingBanned: false })
    expect(await add(ALICE, phone, 'third try')).toBe(first)
    const host = await add(BOB, phone, 'bob comment')
    const reply = (await post(ALICE, '/api/v13/comment/thread/add', { reply_to: host, text: 'alice reply' })).json().data.id
    await complain('thread', reply)
    // What the number's page tells each viewer: whether they may post there (the web app shows the reason instead of the forms).
    const mayNotPost = async (who: string) =>
      searchResponse.parse((await get(who, `/api/v202505/search/${encodeURIComponent(phone)}`)).json()).data.common.postingBanned
    expect(await mayNotPost(ALICE)).toBe(false)
    // The open complaint about the reply is found without naming it.
    const second = await post(MOD, '/api/v6/moderation/remove', { target_type: 'thread', target_id: reply, reason: 'complaint' })
    expect(second.json().data).toEqual({ removed: true, removalsAfterComplaint: 2, postingBanned: true })
    const [ban] = await t.database.db
      .select()
      .from(postingBans)
      .where(and(eq(postingBans.userId, ids[ALICE]), eq(postingBans.numberId, (await commentRow(first)).numberId)))
    expect(ban).toMatchObject({ removals: 2, banned: true })
    // The very next look-up says so, to the author only.
    expect(await mayNotPost(ALICE)).toBe(true)
    expect(await mayNotPost(BOB)).toBe(false)

    const refused = await post(ALICE, '/api/v7/comment/add', { phone, text: 'let me back' })
    expectError(refused, 403, ERROR_CODES.POSTING_BANNED)
    expect(refused.json().message).toMatch(/can no longer post on this number/)
    expectError(await post(ALICE, '/api/v13/comment/thread/add', { reply_to: host, text: 'reply again' }), 403, ERROR_CODES.POSTING_BANNED)
    expect((await commentRow(first)).text).toBe('third try')
    // Another number is fine.
    expect(await add(ALICE, '+493012345615', 'elsewhere')).toEqual(expect.any(Number))
  })

  it('closed items are listed latest first with how they were closed, the actions taken and the author standing', async () => {
    const phone = '+493012345617'
    await t.database.db.update(users).set({ firstName: 'Alice', lastName: 'A.' }).where(eq(users.id, ids[ALICE]))
    const complain = async (id: number, message: string) =>
      (
        await post(BOB, '/api/v6/complaint/add', { target_type: 'comment', target_id: id, name: 'Bob', email: 'bob@example.com', message })
      ).json().data.id as number
    const c = await add(ALICE, phone, 'first text')
    const first = await complain(c, 'please remove the first')
    const queue = async (who: string, query: Record<string, string>) => {
      const res = await get(who, '/api/v6/moderation/queue', query)
      expect(res.statusCode, res.body).toBe(200)
      return moderationQueueResponse.parse(res.json()).data
    }
    const openItem = (await queue(MOD, {})).items.find((i) => i.kind === 'complaint' && i.id === first)!
    expect(openItem.target).toMatchObject({ authorName: 'Alice A.', removalsAfterComplaint: 0, postingBanned: false })
    expect(
      (await post(MOD, '/api/v6/moderation/remove', { target_type: 'comment', target_id: c, reason: 'insult', complaint_id: first }))
        .statusCode,
    ).toBe(200)
    expect(await add(ALICE, phone, 'second text')).toBe(c)
    const second = await complain(c, 'please remove the second')
    const unrelated = await complain(await add(BOB, phone, 'fine text'), 'I just dislike it')
    expect((await post(ADMIN, '/api/v6/moderation/resolve', { kind: 'complaint', id: unrelated, status: 'rejected' })).statusCode).toBe(200)
    expect(
      (await post(MOD, '/api/v6/moderation/remove', { target_type: 'comment', target_id: c, complaint_id: second })).json().data,
    ).toMatchObject({ postingBanned: true })

    const open = await queue(MOD, { status: 'open', kind: 'complaint' })
    expect(open.items.some((i) => [first, second, unrelated].includes(i.id))).toBe(false)
    const closed = await queue(ADMIN, { status: 'closed', kind: 'complaint', limit: '3' })
    // Latest closed first: the second complaint, the rejected one, the first.
    expect(closed.items.map((i) => [i.id, i.status])).toEqual([
      [second, 'resolved'],
      [unrelated, 'rejected'],
      [first, 'resolved'],
    ])
    expect(closed.total).toBeGreaterThanOrEqual(3)
    const [secondItem, rejectedItem, firstItem] = closed.items
    expect(secondItem.resolvedAtTimestamp).toEqual(expect.any(Number))
    // The text now shows its author's standing: removed twice after complaints, banned here.
    expect(secondItem.target).toMatchObject({
      text: 'second text',
      removed: true,
      removalsAfterComplaint: 2,
      postingBanned: true,
      authorName: 'Alice A.',
    })
    // Both removals of the text are on both complaints about it, oldest first.
    expect(secondItem.log.map((l) => [l.action, l.moderatorId, l.reason, l.before])).toEqual([
      ['remove', ids[MOD], 'insult', 'first text'],
      ['remove', ids[MOD], null, 'second text'],
    ])
    expect(firstItem.log.map((l) => l.action)).toEqual(['remove', 'remove'])
    expect(rejectedItem.log).toEqual([
      {
        id: expect.any(Number),
        action: 'resolve',
        moderatorId: ids[ADMIN],
        createdAtTimestamp: expect.any(Number),
        status: 'rejected',
        reason: null,
        before: null,
      },
    ])
    // Paging goes on where the page ended.
    const next = await queue(ADMIN, { status: 'closed', kind: 'complaint', limit: '3', offset: '3' })
    expect(next.items.some((i) => [first, second, unrelated].includes(i.id))).toBe(false)
    // Reports closed by the removal are listed under reports too.
    expect((await queue(MOD, { status: 'closed', kind: 'report' })).items.every((i) => i.kind === 'report' && i.status !== 'open')).toBe(
      true,
    )
  })

  it('user:coins grants coins with a ledger row, creating the account when needed', async () => {
    expect(readArgs(['+49 30 1234567', '25'])).toEqual({ phone: '+49301234567', amount: 25 })
    for (const bad of [
      ['+49 30 1234567'],
      ['nope', '5'],
      ['+49 30 1234567', '0'],
      ['+49 30 1234567', '-3'],
      ['+49 30 1234567', '1.5'],
      ['+49 30 1234567', '99999999'],
    ]) {
      expect(() => readArgs(bad)).toThrow()
    }
    const created = await grantUserCoins(t.database.db, '+493012345616', 25)
    expect(created).toMatchObject({ created: true, balance: 25 })
    const again = await grantUserCoins(t.database.db, '+493012345616', 5)
    expect(again).toEqual({ id: created.id, created: false, balance: 30 })
    const ledger = await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, created.id))
    expect(ledger.map((l) => [l.delta, l.balanceAfter, l.reason])).toEqual([
      [25, 25, 'admin_grant'],
      [5, 30, 'admin_grant'],
    ])
  })
})
