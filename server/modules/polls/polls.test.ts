import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, form, signIn, type TestApp } from '../../../tests/support/app'
import { apiClient } from '../../../tests/support/api'
import { searchResponse } from '../../../contract/api/number-profile'
import { bans, pollAnswers, tags } from '../../db/schema'
import { findNumber } from '../numbers/repository'
import { TAGS } from '../../../contract/tags'

describe.each(backends)('polls and bans on %s', (backend) => {
  let t: TestApp
  let tagId: Record<string, number>
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    const rows = await t.database.db.select({ id: tags.id, code: tags.code }).from(tags)
    tagId = Object.fromEntries(rows.map((r) => [r.code, r.id]))
  })
  afterAll(async () => t?.close())

  const { post } = apiClient(() => t.app)
  const page = async (token: string, number: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v202505/search/${encodeURIComponent(number)}`, headers: bearer(token) })
    expect(res.statusCode, res.body).toBe(200)
    return searchResponse.parse(res.json()).data
  }

  it('stores every tag under the id the contract gives it, so clients can answer polls with those ids', () => {
    expect(tagId).toEqual(Object.fromEntries(TAGS.map((t) => [t.code, t.id])))
    expect(new Set(TAGS.map((t) => t.id)).size).toBe(TAGS.length)
  })

  it('records poll answers, replacing the previous answers to the same poll, and moves the index', async () => {
    const me = await signIn(t.app, '+4915166660001')
    const res = await post(
      me.token,
      '/api/v6/poll/answer',
      form({ phone: '030 66660001', poll: 'onComment', answers: `${tagId.fraud},${tagId.robot}` }),
    )
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data.index).toBeLessThan(5)
    expect(data.pollAnswers).toEqual([tagId.fraud, tagId.robot].sort((a, b) => a - b))
    const p = await page(me.token, '+493066660001')
    expect(p.metrics.index).toBe(data.index)
    expect(p.tagsTop.categories[0]).toMatchObject({ code: 'fraud', count: 1 })
    expect(p.tagsTop.callerType).toMatchObject({ code: 'robot', count: 1 })
    expect(p.polls.pollAnswers).toEqual(data.pollAnswers)
    expect(p.evidence).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'polls', label: 'fraud', direction: 'negative' })]))

    // Repeated field; replaces onComment answers only.
    await post(me.token, '/api/v6/poll/answer', form({ phone: '+493066660001', poll: 'onPage', answers: String(tagId.angry) }))
    const replaced = await post(
      me.token,
      '/api/v6/poll/answer',
      `phone=%2B493066660001&poll=onComment&answers=${tagId.legitimate}&answers=${tagId.person}`,
    )
    expect(replaced.statusCode, replaced.body).toBe(200)
    expect(replaced.json().data.index).toBeGreaterThan(5)
    const numberId = (await findNumber(t.database.db, '+493066660001'))!
    const rows = await t.database.db
      .select()
      .from(pollAnswers)
      .where(and(eq(pollAnswers.numberId, numberId), eq(pollAnswers.userId, me.profileId)))
    expect(rows.map((r) => [r.tagId, r.poll]).sort()).toEqual(
      [
        [tagId.angry, 'onPage'],
        [tagId.legitimate, 'onComment'],
        [tagId.person, 'onComment'],
      ].sort(),
    )
    // The index answered is the one the number's page shows.
    expect((await page(me.token, '+493066660001')).metrics.index).toBe(replaced.json().data.index)

    // JSON with numbers works too.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v6/poll/answer',
      headers: bearer(me.token),
      payload: { phone: '+493066660001', poll: 'onBan', answers: [tagId.spam] },
    })
    expect(json.statusCode, json.body).toBe(200)
    expect(json.json().data.pollAnswers).toContain(tagId.spam)

    // Another user's answers are theirs; their page lists only their own.
    const other = await signIn(t.app, '+4915166660002')
    expect((await page(other.token, '+493066660001')).polls.pollAnswers).toEqual([])
  })

  it('refuses bad answers with a 4xx envelope, changing nothing', async () => {
    const me = await signIn(t.app, '+4915166660003')
    const bad = [
      form({ phone: '+493066660003', poll: 'onComment', answers: '999999' }),
      form({ phone: '+493066660003', poll: 'onComment', answers: 'fraud' }),
      form({ phone: '+493066660003', poll: 'onSomething', answers: String(tagId.fraud) }),
      form({ phone: 'abc', poll: 'onComment', answers: String(tagId.fraud) }),
      form({ poll: 'onComment', answers: String(tagId.fraud) }),
      form({ phone: '+4915166660003', poll: 'onComment', answers: String(tagId.fraud) }),
      form({ phone: '+493066660003', poll: 'onComment', answers: Array.from({ length: 40 }, (_, i) => i + 1).join(',') }),
    ]
    for (const body of bad) {
      const res = await post(me.token, '/api/v6/poll/answer', body)
      expect(res.statusCode, body).toBe(400)
      expect(res.json()).toMatchObject({ status: false, message: expect.any(String) })
    }
    expect(await t.database.db.select().from(pollAnswers).where(eq(pollAnswers.userId, me.profileId))).toEqual([])
  })

  it('bans and unbans a number, idempotently, moving the index', async () => {
    const me = await signIn(t.app, '+4915166660004')
    const other = await signIn(t.app, '+4915166660005')
    const add = await post(me.token, '/api/v6/ban/add', form({ phone: '030 66660004' }))
    expect(add.statusCode, add.body).toBe(200)
    expect(add.json().data).toMatchObject({ bans: 1, isBanned: true })
    expect(add.json().data.index).toBeLessThan(5)
    expect((await post(me.token, '/api/v6/ban/add', form({ phone: '+493066660004' }))).json().data.bans).toBe(1)
    await post(other.token, '/api/v6/ban/add', form({ phone: '+493066660004' }))
    const p = await page(me.token, '+493066660004')
    expect(p.metrics.bans).toBe(2)
    expect(p.common.isBanned).toBe(true)
    expect(p.evidence).toEqual([expect.objectContaining({ kind: 'bans', votes: 2, direction: 'negative' })])
    const indexWithTwo = p.metrics.index

    const removed = await post(me.token, '/api/v6/ban/remove', form({ phone: '+493066660004' }))
    expect(removed.json().data).toMatchObject({ bans: 1, isBanned: false })
    expect(removed.json().data.index).toBeGreaterThan(indexWithTwo)
    expect((await page(me.token, '+493066660004')).common.isBanned).toBe(false)
    await post(other.token, '/api/v6/ban/remove', form({ phone: '+493066660004' }))
    expect((await page(me.token, '+493066660004')).metrics).toMatchObject({ bans: 0, index: 5 })

    for (const body of [form({ phone: 'nope' }), form({}), form({ phone: '+4915166660004' })]) {
      expect((await post(me.token, '/api/v6/ban/add', body)).statusCode, body).toBe(400)
    }
    const mine = await t.database.db
      .select()
      .from(bans)
      .where(inArray(bans.userId, [me.profileId, other.profileId]))
    expect(mine).toEqual([])
  })
})
