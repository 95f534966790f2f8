import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, signIn, signInEach, type TestApp } from '../../../tests/support/app'
import { apiClient, expectError } from '../../../tests/support/api'
import { commentListResponse, threadListResponse } from '../../../contract/api/community'
import { searchResponse } from '../../../contract/api/number-profile'
import { ERROR_CODES } from '../../../contract/errors'
import { coinLedger, comments, postingBans, reactions, threadReplies, users } from '../../db/schema'
import { grantCoins } from '../coins/ledger-repository'

const OWNER = '+493012345678'
const ALICE = '+4915123456701'
const BOB = '+4915123456702'
const CAROL = '+4915123456703'

describe.each(backends)('comments on %s', (backend) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    await signInEach(t.app, [OWNER, ALICE, BOB, CAROL], { tokens, ids })
  })
  afterAll(async () => t?.close())

  const { post, get } = apiClient(() => t.app, tokens)
  async function list(who: string, phone: string, query: Record<string, string> = {}) {
    const res = await get(who, '/api/v7/comment/list', { phone, ...query })
    expect(res.statusCode, res.body).toBe(200)
    return commentListResponse.parse(res.json()).data
  }
  async function add(who: string, phone: string, text: string): Promise<number> {
    const res = await post(who, '/api/v7/comment/add', { phone, text })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.id
  }
  const commentRow = async (id: number) => (await t.database.db.select().from(comments).where(eq(comments.id, id)))[0]
  const balance = async (phone: string) =>
    (await t.database.db.select({ b: users.balance }).from(users).where(eq(users.id, ids[phone])))[0].b

  it('adds one comment per user per number: adding again edits it and keeps the id; deletes only your own', async () => {
    const phone = '+493012345601'
    const res = await post(ALICE, '/api/v7/comment/add', { phone, text: 'Calls at night' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({ id: expect.any(Number), created: true })
    const id = res.json().data.id
    // National form, read with the user's own (German) region: the same number, the same comment.
    const again = await post(ALICE, '/api/v7/comment/add', { phone: '030 12345601', text: 'Calls at night, asks for money' })
    expect(again.json().data).toEqual({ id, created: false })
    const seen = await list(BOB, phone)
    expect(seen.total).toBe(1)
    expect(seen.items[0]).toMatchObject({
      id,
      text: 'Calls at night, asks for money',
      profile_id: ids[ALICE],
      thread_count: 0,
      pinned: false,
    })
    expect(seen.items[0].updatedAtTimestamp).not.toBeNull()

    // Bob has no comment there: deleting removes nothing of Alice's.
    expectError(await post(BOB, '/api/v6/comment/delete', { phone }), 404)
    expect(await commentRow(id)).toBeDefined()

    expect((await post(ALICE, '/api/v6/comment/delete', { phone })).statusCode).toBe(200)
    expect(await commentRow(id)).toBeUndefined()
    expect((await list(BOB, phone)).total).toBe(0)
    expectError(await post(ALICE, '/api/v6/comment/delete', { phone }), 404)
    // A new comment after deleting is a new one.
    const fresh = await post(ALICE, '/api/v7/comment/add', { phone, text: 'again' })
    expect(fresh.json().data.created).toBe(true)
    expect(fresh.json().data.id).not.toBe(id)
  })

  it('stores HTML and script text literally and returns it unchanged', async () => {
    const phone = '+493012345602'
    const text = `<script>alert("x")</script> <img src=x onerror=alert(1)> & "quotes" 'single' ${'\u{1F4DE}'} \u0645\u0631\u062D\u0628\u0627`
    const id = await add(ALICE, phone, text)
    expect((await commentRow(id)).text).toBe(text)
    const res = await get(BOB, '/api/v7/comment/list', { phone })
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.json().data.items[0].text).toBe(text)
    const reply = await post(BOB, '/api/v13/comment/thread/add', { reply_to: id, text })
    const thread = threadListResponse.parse(
      (await get(ALICE, '/api/v13/comment/thread/list', { comment_id: String(id), offset: '0' })).json(),
    ).data
    expect(thread.items.map((r) => r.text)).toEqual([text])
    expect(reply.json().data.id).toBe(thread.items[0].id)
  })

  it('answers bad input with a 4xx envelope, never a 5xx', async () => {
    const phone = '+493012345603'
    const id = await add(ALICE, phone, 'fine')
    const cases: Array<[string, Record<string, string | number>, number]> = [
      ['/api/v7/comment/add', { phone }, 400],
      ['/api/v7/comment/add', { text: 'no phone' }, 400],
      ['/api/v7/comment/add', { phone, text: '' }, 400],
      ['/api/v7/comment/add', { phone, text: '   \n ' }, 400],
      ['/api/v7/comment/add', { phone, text: 'x'.repeat(2001) }, 400],
      ['/api/v7/comment/add', { phone, text: 'nul \u0000 inside' }, 400],
      ['/api/v7/comment/add', { phone: 'hello', text: 'x' }, 400],
      ['/api/v7/comment/add', { phone: '12', text: 'x' }, 400],
      ['/api/v7/comment/add', { phone: '9'.repeat(70), text: 'x' }, 400],
      ['/api/v6/comment/delete', {}, 400],
      ['/api/v6/comment/delete', { phone: 'nope' }, 400],
      ['/api/v6/comment/pin', { comment_id: 'abc' }, 400],
      ['/api/v6/comment/pin', { comment_id: '-1' }, 400],
      ['/api/v6/comment/pin', { comment_id: '99999999999' }, 400],
      ['/api/v6/comment/pin', { comment_id: 999999 }, 404],
      ['/api/v13/comment/thread/add', { reply_to: id }, 400],
      ['/api/v13/comment/thread/add', { reply_to: 'x', text: 'hi' }, 400],
      ['/api/v13/comment/thread/add', { reply_to: 2147483647, text: 'hi' }, 404],
      ['/api/v13/comment/thread/add', { reply_to: id, text: 'y'.repeat(2001) }, 400],
      ['/api/v13/comment/thread/edit', { thread_id: 1.5, text: 'x' }, 400],
      ['/api/v13/comment/thread/edit', { thread_id: 999999, text: 'x' }, 404],
      ['/api/v13/comment/thread/delete', { thread_id: '' }, 400],
      ['/api/v11/comment/like', { comment_id: id }, 400],
      ['/api/v11/comment/like', { comment_id: id, like_type: 'LOVE', action_type: 'ADD' }, 400],
      ['/api/v11/comment/like', { comment_id: id, like_type: 'LIKE', action_type: 'MAYBE' }, 400],
      ['/api/v11/comment/like', { like_type: 'LIKE', action_type: 'ADD' }, 400],
      ['/api/v11/comment/like', { comment_id: 999999, like_type: 'LIKE', action_type: 'ADD' }, 404],
      ['/api/v11/comment/like', { comment_id: id, like_type: 'COMMENT_UP', action_type: 'ADD', comment_up_count: 0 }, 400],
      ['/api/v11/comment/like', { comment_id: id, like_type: 'COMMENT_UP', action_type: 'ADD', comment_up_count: 'lots' }, 400],
      ['/api/v11/comment/like', { comment_id: id, like_type: 'COMMENT_UP', action_type: 'REMOVE' }, 400],
    ]
    for (const [url, params, status] of cases) {
      const res = await post(BOB, url, params)
      expect(res.statusCode, `${url} ${JSON.stringify(params).slice(0, 80)}: ${res.body}`).toBe(status)
      expect(res.json()).toMatchObject({ status: false, status_code: expect.any(Number), message: expect.any(String) })
    }
    for (const query of [
      {},
      { phone: 'abc' },
      { phone, order_by: 'random' },
      { phone, limit: '0' },
      { phone, limit: '1000' },
      { phone, offset: '-1' },
    ]) {
      expectError(await get(BOB, '/api/v7/comment/list', query as Record<string, string>), 400)
    }
    expectError(await get(BOB, '/api/v13/comment/thread/list', { comment_id: 'x' }), 400)
    expectError(await get(BOB, '/api/v13/comment/thread/list', { comment_id: '999999' }), 404)
    expectError(await get(BOB, '/api/v13/comment/thread/list', { comment_id: String(id), phone: '+493012345699' }), 404)
    // JSON bodies work too, with the same validation.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v7/comment/add',
      headers: bearer(tokens[BOB]),
      payload: { phone, text: 42 },
    })
    expectError(json, 400)
    // Nothing was changed by the refused calls.
    expect((await list(ALICE, phone)).items.map((c) => c.text)).toEqual(['fine'])
    expect((await commentRow(id)).likes).toBe(0)
  })

  it('takes multipart form data too, and documents every route in the OpenAPI reference', async () => {
    const boundary = 'xBoundary42'
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v7/comment/add',
      headers: { ...bearer(tokens[CAROL]), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${part('phone', '+493012345610')}${part('text', 'multipart <ok>')}--${boundary}--\r\n`,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await list(BOB, '+493012345610')).items.map((c) => c.text)).toEqual(['multipart <ok>'])
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs' })).json().paths)
    for (const p of [
      '/api/v7/comment/list',
      '/api/v7/comment/add',
      '/api/v6/comment/delete',
      '/api/v6/comment/pin',
      '/api/v13/comment/thread/list',
      '/api/v13/comment/thread/add',
      '/api/v13/comment/thread/edit',
      '/api/v13/comment/thread/delete',
      '/api/v11/comment/like',
      '/api/v6/report/comment',
      '/api/v6/complaint/add',
      '/api/v6/moderation/queue',
      '/api/v6/moderation/remove',
      '/api/v6/moderation/edit',
      '/api/v6/moderation/resolve',
      '/api/v6/numcy/subscription/comment/add',
      '/api/v6/numcy/subscription/comment/cancel',
    ])
      expect(paths, p).toContain(p)
  })

  it('needs sign-in for every call', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/v7/comment/list', query: { phone: OWNER } }), 401)
    for (const url of [
      '/api/v7/comment/add',
      '/api/v6/comment/delete',
      '/api/v6/comment/pin',
      '/api/v13/comment/thread/add',
      '/api/v13/comment/thread/edit',
      '/api/v13/comment/thread/delete',
      '/api/v11/comment/like',
    ]) {
      expectError(
        await post(null, url, { phone: OWNER, text: 'x', comment_id: 1, reply_to: 1, thread_id: 1, like_type: 'LIKE', action_type: 'ADD' }),
        401,
      )
    }
  })

  it('orders by interesting (comment-ups, then likes minus dislikes, then newest), new, old and rating', async () => {
    const phone = '+493012345604'
    const a = await add(ALICE, phone, 'first')
    const b = await add(BOB, phone, 'second')
    const c = await add(CAROL, phone, 'third')
    const like = (who: string, id: number, like_type = 'LIKE') =>
      post(who, '/api/v11/comment/like', { comment_id: id, like_type, action_type: 'ADD' })
    expect((await like(ALICE, b)).statusCode).toBe(200)
    expect((await like(CAROL, b)).statusCode).toBe(200)
    expect((await like(BOB, a)).statusCode).toBe(200)
    await grantCoins(t.database.db, ids[OWNER], 5, 'test')
    const up = await post(OWNER, '/api/v11/comment/like', {
      comment_id: c,
      like_type: 'COMMENT_UP',
      action_type: 'ADD',
      comment_up_count: 2,
    })
    expect(up.statusCode, up.body).toBe(200)
    expect(up.json().data).toMatchObject({ commentUps: 2, hasCommentUp: true, balance: 3 })
    const order = async (order_by: string) => (await list(OWNER, phone, { order_by })).items.map((x) => x.id)
    expect(await order('interesting')).toEqual([c, b, a])
    expect((await list(OWNER, phone)).items.map((x) => x.id)).toEqual([c, b, a])
    expect(await order('rating')).toEqual([b, a, c])
    expect(await order('old')).toEqual([a, b, c])
    expect(await order('new')).toEqual([c, b, a])
    const page = await list(OWNER, phone, { order_by: 'old', limit: '1', offset: '1' })
    expect(page).toMatchObject({ total: 3, items: [{ id: b }] })
    const mine = (await list(ALICE, phone)).items.find((x) => x.id === b)!
    expect(mine).toMatchObject({ likes: 2, hasLike: true, hasDislike: false })
  })

  it('lets only the owner of the number pin a comment; pinning one unpins the others', async () => {
    const a = await add(ALICE, OWNER, 'alice on owner')
    const b = await add(BOB, OWNER, 'bob on owner')
    // Alice does not own the number: refused, nothing pinned.
    expectError(await post(ALICE, '/api/v6/comment/pin', { comment_id: a }), 403)
    expect((await commentRow(a)).pinned).toBe(false)
    // The owner pins Bob's, then Alice's: one pinned at a time, listed first.
    expect((await post(OWNER, '/api/v6/comment/pin', { comment_id: b })).json().data).toEqual({ comment_id: b, pinned: true })
    expect((await post(OWNER, '/api/v6/comment/pin', { comment_id: a })).statusCode).toBe(200)
    expect((await commentRow(a)).pinned).toBe(true)
    expect((await commentRow(b)).pinned).toBe(false)
    const seen = await list(BOB, OWNER, { order_by: 'new' })
    expect(seen.items[0]).toMatchObject({ id: a, pinned: true })
    // A comment on another number cannot be pinned from here.
    const other = await add(ALICE, '+493012345605', 'elsewhere')
    expectError(await post(OWNER, '/api/v6/comment/pin', { comment_id: other }), 403)
    expect((await commentRow(other)).pinned).toBe(false)
    expect((await post(OWNER, '/api/v6/comment/pin', { comment_id: a, pin: '0' })).json().data.pinned).toBe(false)
    expect((await commentRow(a)).pinned).toBe(false)
  })

  it('threads: reply, list pages (limit 4, offset 4 by default), edit and delete only your own', async () => {
    const phone = '+493012345606'
    const c = await add(ALICE, phone, 'root')
    const replyIds: number[] = []
    for (let i = 0; i < 6; i++) {
      const res = await post(i % 2 ? CAROL : BOB, '/api/v13/comment/thread/add', { reply_to: c, text: `reply ${i}` })
      expect(res.statusCode, res.body).toBe(200)
      replyIds.push(res.json().data.id)
    }
    const inList = (await list(OWNER, phone)).items[0]
    expect(inList.thread_count).toBe(6)
    expect(inList.thread.map((r) => r.text)).toEqual(['reply 0', 'reply 1', 'reply 2', 'reply 3'])
    const rest = threadListResponse.parse((await get(OWNER, '/api/v13/comment/thread/list', { comment_id: String(c), phone })).json()).data
    expect(rest).toMatchObject({ total: 6 })
    expect(rest.items.map((r) => r.text)).toEqual(['reply 4', 'reply 5'])
    const first = threadListResponse.parse(
      (await get(OWNER, '/api/v13/comment/thread/list', { comment_id: String(c), offset: '0', limit: '2' })).json(),
    ).data
    expect(first.items.map((r) => r.id)).toEqual(replyIds.slice(0, 2))

    // Carol cannot edit or delete Bob's reply; nothing changes.
    expectError(await post(CAROL, '/api/v13/comment/thread/edit', { thread_id: replyIds[0], text: 'hijacked' }), 403)
    expectError(await post(CAROL, '/api/v13/comment/thread/delete', { thread_id: replyIds[0] }), 403)
    expectError(await post(ALICE, '/api/v13/comment/thread/delete', { thread_id: replyIds[0] }), 403)
    const [r0] = await t.database.db.select().from(threadReplies).where(eq(threadReplies.id, replyIds[0]))
    expect(r0.text).toBe('reply 0')
    expect(r0.updatedAt).toBeNull()

    expect((await post(BOB, '/api/v13/comment/thread/edit', { thread_id: replyIds[0], text: 'edited' })).statusCode).toBe(200)
    expect((await post(BOB, '/api/v13/comment/thread/delete', { thread_id: replyIds[2] })).statusCode).toBe(200)
    const after = (await list(OWNER, phone)).items[0]
    expect(after.thread_count).toBe(5)
    expect(after.thread.map((r) => r.text)).toEqual(['edited', 'reply 1', 'reply 3', 'reply 4'])
    expect(after.thread[0].updatedAtTimestamp).not.toBeNull()

    // Deleting the comment takes its thread with it.
    expect((await post(ALICE, '/api/v6/comment/delete', { phone })).statusCode).toBe(200)
    expect(await t.database.db.select().from(threadReplies).where(eq(threadReplies.commentId, c))).toEqual([])
  })

  it('likes and dislikes: one per user per comment, switching replaces, counters equal the reaction rows', async () => {
    const phone = '+493012345607'
    const c = await add(ALICE, phone, 'rate me')
    const react = (who: string, like_type: string, action_type: string, extra: Record<string, string | number> = { comment_id: c }) =>
      post(who, '/api/v11/comment/like', { ...extra, like_type, action_type })
    const rows = async (kind: 'LIKE' | 'DISLIKE', targetType: 'comment' | 'thread' = 'comment', id = c) =>
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(reactions)
          .where(and(eq(reactions.targetType, targetType), eq(reactions.targetId, id), eq(reactions.kind, kind)))
      )[0].n
    const check = async (likes: number, dislikes: number) => {
      const row = await commentRow(c)
      expect([row.likes, row.dislikes]).toEqual([likes, dislikes])
      expect([await rows('LIKE'), await rows('DISLIKE')]).toEqual([likes, dislikes])
    }
    expect((await react(BOB, 'LIKE', 'ADD')).json().data).toMatchObject({
      likes: 1,
      dislikes: 0,
      hasLike: true,
      hasDislike: false,
      balance: null,
    })
    await react(BOB, 'LIKE', 'ADD')
    await check(1, 0)
    expect((await react(BOB, 'DISLIKE', 'ADD')).json().data).toMatchObject({ likes: 0, dislikes: 1, hasLike: false, hasDislike: true })
    await react(CAROL, 'DISLIKE', 'ADD')
    await check(0, 2)
    // Removing a like Bob does not have changes nothing; removing his dislike does.
    await react(BOB, 'LIKE', 'REMOVE')
    await check(0, 2)
    await react(BOB, 'DISLIKE', 'REMOVE')
    await check(0, 1)
    // Parallel switching by one user still leaves at most one vote.
    await Promise.all(Array.from({ length: 10 }, (_, i) => react(OWNER, i % 2 ? 'LIKE' : 'DISLIKE', 'ADD')))
    const row = await commentRow(c)
    expect(row.likes + row.dislikes).toBe(2)
    expect([await rows('LIKE'), await rows('DISLIKE')]).toEqual([row.likes, row.dislikes])

    // Replies take reactions too, with thread_id.
    const reply = (await post(BOB, '/api/v13/comment/thread/add', { reply_to: c, text: 'r' })).json().data.id
    expect((await react(CAROL, 'LIKE', 'ADD', { thread_id: reply })).json().data).toMatchObject({ likes: 1, hasLike: true })
    const [r] = await t.database.db.select().from(threadReplies).where(eq(threadReplies.id, reply))
    expect(r.likes).toBe(1)
    expect(await rows('LIKE', 'thread', reply)).toBe(1)
    const thread = threadListResponse.parse(
      (await get(CAROL, '/api/v13/comment/thread/list', { comment_id: String(c), offset: '0' })).json(),
    ).data
    expect(thread.items[0]).toMatchObject({ likes: 1, hasLike: true })
  })

  it('comment-up spends coins with a ledger row; a short balance is refused with 402 and nothing changes', async () => {
    const phone = '+493012345608'
    const c = await add(ALICE, phone, 'boost me')
    const before = await balance(CAROL)
    const short = await post(CAROL, '/api/v11/comment/like', {
      comment_id: c,
      like_type: 'COMMENT_UP',
      action_type: 'ADD',
      comment_up_count: before + 1,
    })
    expectError(short, 402, ERROR_CODES.INSUFFICIENT_COINS)
    expect(short.json().message).toMatch(/not enough coins/i)
    expect(await balance(CAROL)).toBe(before)
    expect((await commentRow(c)).commentUps).toBe(0)
    expect(
      await t.database.db
        .select()
        .from(reactions)
        .where(and(eq(reactions.targetId, c), eq(reactions.kind, 'COMMENT_UP'))),
    ).toEqual([])
    await grantCoins(t.database.db, ids[CAROL], 3, 'test')
    const ok = await post(CAROL, '/api/v11/comment/like', {
      comment_id: c,
      like_type: 'COMMENT_UP',
      action_type: 'ADD',
      comment_up_count: 3,
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().data).toMatchObject({ commentUps: 3, balance: before, hasCommentUp: true })
    const ledger = await t.database.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, ids[CAROL]), eq(coinLedger.reason, 'comment_up')))
    expect(ledger.map((l) => l.delta)).toEqual([-3])
  })

  it('100 parallel comment-ups of 1 coin against a balance of 10 succeed exactly 10 times', async () => {
    const phone = '+493012345609'
    const c = await add(ALICE, phone, 'race')
    const racer = '+4915123456704'
    const s = await signIn(t.app, racer)
    tokens[racer] = s.token
    ids[racer] = s.profileId
    await grantCoins(t.database.db, s.profileId, 10, 'test')
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        post(racer, '/api/v11/comment/like', { comment_id: c, like_type: 'COMMENT_UP', action_type: 'ADD', comment_up_count: 1 }),
      ),
    )
    const codes = results.map((r) => r.statusCode)
    expect(codes.filter((x) => x === 200).length).toBe(10)
    expect(codes.filter((x) => x === 402).length).toBe(90)
    expect(await balance(racer)).toBe(0)
    const [{ sum }] = await t.database.db
      .select({ sum: sql<number>`coalesce(sum(${coinLedger.delta}), 0)::int` })
      .from(coinLedger)
      .where(eq(coinLedger.userId, s.profileId))
    expect(sum).toBe(await balance(racer))
    const spent = await t.database.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, s.profileId), eq(coinLedger.reason, 'comment_up')))
    expect(spent.length).toBe(10)
    expect((await commentRow(c)).commentUps).toBe(10)
    const ups = await t.database.db
      .select()
      .from(reactions)
      .where(and(eq(reactions.targetId, c), eq(reactions.targetType, 'comment'), eq(reactions.kind, 'COMMENT_UP')))
    expect(ups.length).toBe(10)
  })

  it('a user banned from posting on a number can neither add, edit nor reply there (403 POSTING_BANNED), but may delete', async () => {
    const phone = '+493012345690'
    const mine = await add(CAROL, phone, 'before the ban')
    const host = await add(BOB, phone, 'host comment')
    const reply = (await post(CAROL, '/api/v13/comment/thread/add', { reply_to: host, text: 'my reply' })).json().data.id
    await t.database.db
      .insert(postingBans)
      .values({ userId: ids[CAROL], numberId: (await commentRow(mine)).numberId, removals: 2, banned: true })

    const edit = await post(CAROL, '/api/v7/comment/add', { phone, text: 'edited after the ban' })
    expectError(edit, 403, ERROR_CODES.POSTING_BANNED)
    expect(edit.json().message).toMatch(/can no longer post on this number/)
    expectError(
      await post(CAROL, '/api/v13/comment/thread/add', { reply_to: host, text: 'another reply' }),
      403,
      ERROR_CODES.POSTING_BANNED,
    )
    expectError(
      await post(CAROL, '/api/v13/comment/thread/edit', { thread_id: reply, text: 'edited reply' }),
      403,
      ERROR_CODES.POSTING_BANNED,
    )
    expect((await commentRow(mine)).text).toBe('before the ban')
    expect((await t.database.db.select().from(threadReplies).where(eq(threadReplies.id, reply)))[0].text).toBe('my reply')
    // Taking one's own texts down stays possible.
    expect((await post(CAROL, '/api/v13/comment/thread/delete', { thread_id: reply })).statusCode).toBe(200)
    expect((await post(CAROL, '/api/v6/comment/delete', { phone })).statusCode).toBe(200)
    // Other users and other numbers are unaffected.
    expect(await add(BOB, phone, 'host comment edited')).toBe(host)
    expect(await add(CAROL, '+493012345691', 'elsewhere')).toEqual(expect.any(Number))
  })

  it('the number page counts every comment and its reactions, though it carries only the first 20', async () => {
    const phone = '+493012345699'
    await add(ALICE, phone, 'alice first')
    const [{ numberId }] = await t.database.db
      .select({ numberId: comments.numberId })
      .from(comments)
      .where(eq(comments.text, 'alice first'))
    const people = await t.database.db
      .insert(users)
      .values(Array.from({ length: 24 }, (_, i) => ({ phone: `+4915199${String(i).padStart(5, '0')}` })))
      .returning({ id: users.id })
    await t.database.db
      .insert(comments)
      .values(people.map((u, i) => ({ numberId, userId: u.id, text: `comment ${i}`, likes: 2, dislikes: 1 })))
    const res = await t.app.inject({ method: 'GET', url: `/api/v202505/search/${encodeURIComponent(phone)}`, headers: bearer(tokens[BOB]) })
    expect(res.statusCode, res.body).toBe(200)
    const data = searchResponse.parse(res.json()).data
    expect(data.metrics.commentsCount).toBe(25)
    expect(data.comments.length).toBeLessThanOrEqual(20)
    expect((await list(BOB, phone)).total).toBe(25)
  })

  it('the number page carries the viewer\u2019s reactions and the first replies on its comments, my comment and the pinned one', async () => {
    const phone = OWNER
    const page = async (who: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v202505/search/${encodeURIComponent(phone)}`,
        headers: bearer(tokens[who]),
      })
      expect(res.statusCode, res.body).toBe(200)
      return searchResponse.parse(res.json()).data
    }
    const alice = await add(ALICE, phone, 'alice on the owner')
    const bob = await add(BOB, phone, 'bob on the owner')
    const replies: number[] = []
    for (let i = 1; i <= 5; i++)
      replies.push((await post(CAROL, '/api/v13/comment/thread/add', { reply_to: alice, text: `reply ${i}` })).json().data.id)
    expect((await post(BOB, '/api/v11/comment/like', { comment_id: alice, like_type: 'LIKE', action_type: 'ADD' })).statusCode).toBe(200)
    expect((await post(BOB, '/api/v11/comment/like', { thread_id: replies[0], like_type: 'DISLIKE', action_type: 'ADD' })).statusCode).toBe(
      200,
    )
    await grantCoins(t.database.db, ids[CAROL], 2, 'test')
    expect(
      (await post(CAROL, '/api/v11/comment/like', { comment_id: bob, like_type: 'COMMENT_UP', action_type: 'ADD', comment_up_count: 2 }))
        .statusCode,
    ).toBe(200)

    // Bob sees Alice's comment with his like and its first four replies, his dislike on the first one.
    const forBob = await page(BOB)
    const aliceForBob = forBob.comments.find((c) => c.id === alice)!
    expect(aliceForBob).toMatchObject({
      text: 'alice on the owner',
      likes: 1,
      hasLike: true,
      hasDislike: false,
      hasCommentUp: false,
      thread_count: 5,
    })
    expect(aliceForBob.thread.map((r) => r.text)).toEqual(['reply 1', 'reply 2', 'reply 3', 'reply 4'])
    expect(aliceForBob.thread[0]).toMatchObject({ dislikes: 1, hasDislike: true, hasLike: false })
    expect(aliceForBob.thread[1]).toMatchObject({ dislikes: 0, hasDislike: false })
    expect(forBob.myComment).toMatchObject({ id: bob, commentUps: 2, hasCommentUp: false })
    // Carol sees her comment-up on Bob's comment; the page matches the comment list.
    const forCarol = await page(CAROL)
    expect(forCarol.comments.find((c) => c.id === bob)).toMatchObject({ commentUps: 2, hasCommentUp: true })
    const listed = (await list(CAROL, phone)).items.find((c) => c.id === alice)!
    const { pinned: _pinned, hideRenews: _hideRenews, ...listedShape } = listed
    expect(forCarol.comments.find((c) => c.id === alice)).toEqual(listedShape)
    // Alice's own comment, and the owner's pinned one, carry the same.
    expect((await page(ALICE)).myComment).toMatchObject({ id: alice, thread_count: 5, hasLike: false })
    expect((await post(OWNER, '/api/v6/comment/pin', { comment_id: alice })).statusCode).toBe(200)
    expect((await page(BOB)).pinnedComment).toMatchObject({ id: alice, hasLike: true, thread_count: 5, thread: aliceForBob.thread })
  })

  it('the number page never cuts off the viewer\u2019s own comment, however many rank above it', async () => {
    const phone = '+493012345692'
    const mine = await add(CAROL, phone, 'my low-ranked comment')
    const numberId = (await commentRow(mine)).numberId
    const others = await t.database.db
      .insert(users)
      .values(Array.from({ length: 25 }, (_, i) => ({ phone: `+4915199990${String(i).padStart(3, '0')}` })))
      .returning({ id: users.id })
    await t.database.db.insert(comments).values(others.map((u, i) => ({ numberId, userId: u.id, text: `popular ${i}`, likes: 10 + i })))
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v202505/search/${encodeURIComponent(phone)}`,
      headers: bearer(tokens[CAROL]),
    })
    const p = searchResponse.parse(res.json()).data
    expect(p.myComment).toMatchObject({ id: mine, text: 'my low-ranked comment' })
    expect(p.comments[0].text).toBe('popular 24')
  })
})
