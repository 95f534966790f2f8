import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { searchResponse, type NumberProfile } from '../../../contract/api/number-profile'
import { TAG_BY_CODE } from '../../../contract/tags'
import { backends, twoServersOnOnePostgres } from '../../../tests/support/database'
import { bearer, createTestApp, signIn, type TestApp } from '../../../tests/support/app'
import { apiClient } from '../../../tests/support/api'

/**
 * The public part of a number page is kept between searches (page-cache.ts). Whatever
 * anybody writes about the number must show on the very next search, on this server or
 * another one on the same database.
 */

const NUMBER = '+493077770001'
const fraud = TAG_BY_CODE.get('fraud')!.id

async function page(app: FastifyInstance, token: string, number = NUMBER): Promise<NumberProfile> {
  const res = await app.inject({ method: 'GET', url: `/api/v202505/search/${encodeURIComponent(number)}`, headers: bearer(token) })
  expect(res.statusCode, res.body).toBe(200)
  return searchResponse.parse(res.json()).data
}

const post = (app: FastifyInstance, token: string, url: string, params: Record<string, string | number>) =>
  apiClient(app).postOk(token, url, params)

/** Every kind of write a viewer notices, each checked on the next search of another viewer through `read`. */
async function writesShowAtOnce(write: FastifyInstance, read: FastifyInstance, tokens: { viewer: string; alice: string; bob: string }) {
  const before = await page(read, tokens.viewer)
  expect(before.comments).toEqual([])
  // Searched twice: the second answer comes from the kept page, and is the same (counted once, issue 30).
  expect(await page(read, tokens.viewer)).toEqual(before)

  const { id: commentId } = await post(write, tokens.alice, '/api/v7/comment/add', { phone: NUMBER, text: 'Asked for my bank PIN' })
  let seen = await page(read, tokens.viewer)
  expect(seen.comments.map((c) => c.text)).toEqual(['Asked for my bank PIN'])
  expect(seen.metrics.commentsCount).toBe(1)

  await post(write, tokens.bob, '/api/v11/comment/like', { comment_id: commentId, like_type: 'LIKE' })
  seen = await page(read, tokens.viewer)
  expect(seen.comments[0].likes).toBe(1)
  // Bob's own like shows to Bob, and to nobody else.
  expect((await page(read, tokens.bob)).comments[0].hasLike).toBe(true)
  expect((await page(read, tokens.viewer)).comments[0].hasLike).toBe(false)

  await post(write, tokens.bob, '/api/v13/comment/thread/add', { reply_to: commentId, text: 'Same here' })
  seen = await page(read, tokens.viewer)
  expect(seen.comments[0].thread.map((r) => r.text)).toEqual(['Same here'])

  const bansBefore = seen.metrics.bans
  await post(write, tokens.bob, '/api/v6/ban/add', { phone: NUMBER })
  seen = await page(read, tokens.viewer)
  expect(seen.metrics.bans).toBe(bansBefore + 1)

  await post(write, tokens.bob, '/api/v6/poll/answer', { phone: NUMBER, poll: 'onPage', answers: String(fraud) })
  seen = await page(read, tokens.viewer)
  expect(seen.tagsTop.categories.map((t) => t.code)).toContain('fraud')

  // The author renames themselves: every page their comment is on shows the new name.
  await post(write, tokens.alice, '/api/v6/profile/name', { first_name: 'Alicia', last_name: 'Renamed' })
  seen = await page(read, tokens.viewer)
  expect(seen.comments[0]).toMatchObject({ firstName: 'Alicia', lastName: 'Renamed' })

  await post(write, tokens.alice, '/api/v6/comment/delete', { phone: NUMBER })
  seen = await page(read, tokens.viewer)
  expect(seen.comments).toEqual([])
  expect(seen.metrics.commentsCount).toBe(0)
}

describe.each(backends)('the kept number page on %s', (backend) => {
  let t: TestApp
  const tokens = { viewer: '', alice: '', bob: '' }
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    tokens.viewer = (await signIn(t.app, '+4915177770001')).token
    tokens.alice = (await signIn(t.app, '+4915177770002')).token
    tokens.bob = (await signIn(t.app, '+4915177770003')).token
  })
  afterAll(async () => t?.close())

  it('shows a new comment, like, reply, ban, tag, rename and deletion on the very next search', async () => {
    await writesShowAtOnce(t.app, t.app, tokens)
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('the kept number page with two servers on one PostgreSQL', () => {
  let servers: Awaited<ReturnType<typeof twoServersOnOnePostgres>>
  const tokens = { viewer: '', alice: '', bob: '' }
  beforeAll(async () => {
    servers = await twoServersOnOnePostgres({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    const [a] = servers.apps
    tokens.viewer = (await signIn(a, '+4915177770011')).token
    tokens.alice = (await signIn(a, '+4915177770012')).token
    tokens.bob = (await signIn(a, '+4915177770013')).token
  })
  afterAll(async () => servers?.close())

  it('a write on one server shows on the very next search on the other, which kept the page before', async () => {
    const [a, b] = servers.apps
    await writesShowAtOnce(a, b, tokens)
  })
})
