import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from '../../../tests/support/database'
import { createTestApp, signIn, type TestApp } from '../../../tests/support/app'
import { apiClient } from '../../../tests/support/api'
import { searchResponse } from '../../../contract/api/number-profile'
import { neuroanalysisResponse } from '../../../contract/api/numbers'
import { comments, importedEvidence, searchHistory, tags, users } from '../../db/schema'
import { upsertNumber } from '../numbers/repository'
import { computeNeuroanalysis } from './neuroanalysis'

describe('neuro-analysis', () => {
  const noTags = { callerType: null, categories: [], subcategories: [], callReasons: [], emotags: [] }
  it('is null without data and never invents', () => {
    expect(computeNeuroanalysis({ numberId: 1, evidence: [], tagsTop: noTags, comments: { count: 0, likes: 0, dislikes: 0 } })).toBeNull()
  })
  it('describes a reported number from its facts', () => {
    const n = computeNeuroanalysis({
      numberId: 7,
      evidence: [{ kind: 'imported', source: 'phoneblock', label: 'fraud', votes: 120, weight: 170, direction: 'negative' }],
      tagsTop: {
        ...noTags,
        categories: [{ id: 1, code: 'fraud', name: 'Fraud', count: 120 }],
        emotags: [{ id: 2, code: 'scared', name: 'Scared', count: 3 }],
      },
      comments: { count: 2, likes: 4, dislikes: 0 },
    })!
    expect(n).toMatchObject({ neuroanalysisId: 7, neurotype: 'fraud', age: null, link: null, is_shared: false })
    expect(n.metrics).toMatchObject({ reports: 120, comments: 2, negativeShare: 1, fraud: 1, sentiment: -1 })
    expect(n.metrics.risk).toBeGreaterThan(0.6)
    for (const v of Object.entries(n.metrics).filter(([k]) => ['risk', 'fraud', 'nuisance', 'confidence', 'negativeShare'].includes(k))) {
      expect(v[1]).toBeGreaterThanOrEqual(0)
      expect(v[1]).toBeLessThanOrEqual(1)
    }
    expect(n.description).toContain('reported 120 times, mostly as Fraud')
    expect(n.description).toContain('risk is high')
    expect(n.description).toContain('2 users have left a review')
  })
})

describe.each(backends)('profiles, privacy switches and neuro-analysis on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
  })
  afterAll(async () => t?.close())

  const { get, post } = apiClient(() => t.app)
  const search = async (token: string, number: string) => {
    const res = await get(token, `/api/v202505/search/${encodeURIComponent(number)}`)
    expect(res.statusCode, res.body).toBe(200)
    return searchResponse.parse(res.json()).data
  }
  const left = async (token: string) => (await get(token, '/api/v202305/main/load')).json().data.leftRequests as number

  it('answers a user\u2019s number page by profile id, counted like a search', async () => {
    const viewer = await signIn(t.app, '+4915177770001')
    const owner = await signIn(t.app, '+4915177770002')
    await t.database.db.update(users).set({ firstName: 'Olga', lastName: 'Owner' }).where(eq(users.id, owner.profileId))
    const res = await get(viewer.token, `/api/v202505/profile/${owner.profileId}`, {
      source: 'FROM_COMMENTS',
      paidSearch: '0',
      locale: 'en',
    })
    expect(res.statusCode, res.body).toBe(200)
    const p = searchResponse.parse(res.json()).data
    expect(p.profile).toMatchObject({ id: owner.profileId, firstName: 'Olga', lastName: 'Owner' })
    expect(p.phone.number).toBe('+4915177770002')
    expect(p.targetPhoneNumber).toBe('4915177770002')
    expect(p.common).toMatchObject({ leftRequests: 29, profileView: 'DEFAULT' })
    expect(await left(viewer.token)).toBe(29)
    const history = await t.database.db.select().from(searchHistory).where(eq(searchHistory.userId, viewer.profileId))
    expect(history).toHaveLength(1)
    // The same data as a search of that number, except the count.
    const s = await search(viewer.token, '+4915177770002')
    expect({ ...s, common: { ...s.common, leftRequests: 0 } }).toEqual({ ...p, common: { ...p.common, leftRequests: 0 } })

    // Your own page is free.
    const own = searchResponse.parse((await get(owner.token, `/api/v202505/profile/${owner.profileId}`)).json()).data
    expect(own.common).toMatchObject({ profileView: 'OWNER', leftRequests: 30 })
  })

  it('answers 404 for unknown, deactivated and unlisted users (except to themselves), and 400 for a bad id', async () => {
    const viewer = await signIn(t.app, '+4915177770003')
    const gone = await signIn(t.app, '+4915177770004')
    const hidden = await signIn(t.app, '+4915177770005')
    expect((await get(viewer.token, '/api/v202505/profile/999999')).statusCode).toBe(404)
    expect((await get(viewer.token, '/api/v202505/profile/abc')).statusCode).toBe(400)
    expect((await get(viewer.token, '/api/v202505/profile/0')).statusCode).toBe(400)
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.profileId))
    const res = await get(viewer.token, `/api/v202505/profile/${gone.profileId}`)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ status: false, message: expect.any(String) })

    expect((await post(hidden.token, '/api/v2/param/profile_going', { flag: '0' })).json()).toEqual({
      status: true,
      data: { profile_going: false },
    })
    expect((await get(hidden.token, '/api/v2/param/profile_going')).json().data.profile_going).toBe(false)
    expect((await get(viewer.token, `/api/v202505/profile/${hidden.profileId}`)).statusCode).toBe(404)
    expect((await get(hidden.token, `/api/v202505/profile/${hidden.profileId}`)).statusCode).toBe(200)
    // profile_going off: the owner block is empty for others, there for the owner.
    const seen = await search(viewer.token, '+4915177770005')
    expect(seen.profile.id).toBeNull()
    expect(seen.metrics).toMatchObject({ isHidden: true, isVerified: false })
    expect((await search(hidden.token, '+4915177770005')).profile.id).toBe(hidden.profileId)
    expect(await left(viewer.token)).toBe(29)

    await post(hidden.token, '/api/v2/param/profile_going', { flag: '1' })
    expect((await search(viewer.token, '+4915177770005')).profile.id).toBe(hidden.profileId)
    expect((await post(hidden.token, '/api/v2/param/profile_going', { flag: 'maybe' })).statusCode).toBe(400)
    expect((await post(hidden.token, '/api/v2/param/profile_going', {})).statusCode).toBe(400)
  })

  it('switches anti-spy, and records look-ups of a user with anti-spy on as anonymous', async () => {
    const me = await signIn(t.app, '+4915177770006')
    expect((await get(me.token, '/api/v2/param/antispy')).json()).toEqual({ status: true, data: { antispy: false } })
    await search(me.token, '+493077770001')
    expect((await post(me.token, '/api/v2/param/antispy', { value: '1' })).json()).toEqual({ status: true, data: { antispy: true } })
    expect((await get(me.token, '/api/v2/param/antispy')).json().data.antispy).toBe(true)
    await search(me.token, '+493077770002')
    const rows = await t.database.db
      .select({ anonymous: searchHistory.anonymous })
      .from(searchHistory)
      .where(eq(searchHistory.userId, me.profileId))
      .orderBy(searchHistory.id)
    expect(rows.map((r) => r.anonymous)).toEqual([false, true])
    expect((await post(me.token, '/api/v2/param/antispy', { value: '2' })).statusCode).toBe(400)
    expect((await post(me.token, '/api/v2/param/antispy', { value: '0' })).json().data.antispy).toBe(false)
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/param/antispy' })).statusCode).toBe(401)
  })

  it('computes the neuro-analysis of a number from its own data, null when there is none', async () => {
    const me = await signIn(t.app, '+4915177770007')
    const writer = await signIn(t.app, '+4915177770008')
    const neuro = async (phone: string) => {
      const res = await get(me.token, '/api/v6/neuroanalysis/get', { phone })
      expect(res.statusCode, res.body).toBe(200)
      return neuroanalysisResponse.parse(res.json()).data.neuroanalysis
    }
    expect(await neuro('+493077779999')).toBeNull()
    expect((await search(me.token, '+493077770010')).neuroanalysis).toBeNull()
    expect(await neuro('030 77770010')).toBeNull()

    const numberId = await upsertNumber(t.database.db, '+493077770011', 'DE')
    const [fraud] = await t.database.db.select({ id: tags.id }).from(tags).where(eq(tags.code, 'fraud'))
    await t.database.db
      .insert(importedEvidence)
      .values({ numberId, source: 'phoneblock', tagId: fraud.id, label: 'G_FRAUD', votes: 80, lastSeen: new Date() })
    await t.database.db.insert(comments).values({ numberId, userId: writer.profileId, text: 'Asked for my bank PIN', likes: 3 })
    // A free user sees the headline: the caller kind and the risk.
    const headline = await neuro('+493077770011')
    expect(headline).toMatchObject({ neurotype: 'fraud', description: null, full: false })
    expect(Object.keys(headline!.metrics)).toEqual(['risk'])
    expect((await search(me.token, '+493077770011')).neuroanalysis).toEqual(headline)
    // With a plan in force, the whole analysis.
    await t.database.db
      .update(users)
      .set({ planTier: 'tier1', planExpiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, me.profileId))
    const n = await neuro('+493077770011')
    expect(n).toMatchObject({ neurotype: 'fraud', full: true, metrics: expect.objectContaining({ reports: 80, comments: 1 }) })
    expect(n!.metrics.risk).toBe(headline!.metrics.risk)
    expect(n!.metrics.risk).toBeGreaterThan(0.5)
    expect(n!.description).toMatch(/reported 80 times, mostly as Fraud/)
    expect(n!.description).toMatch(/One user has left a review, with 3 likes/)
    expect((await search(me.token, '+493077770011')).neuroanalysis).toEqual(n)

    expect((await get(me.token, '/api/v6/neuroanalysis/get', { phone: 'garbage' })).statusCode).toBe(400)
    expect((await get(me.token, '/api/v6/neuroanalysis/get')).statusCode).toBe(400)
    const stillOne = await t.database.db
      .select()
      .from(comments)
      .where(and(eq(comments.numberId, numberId)))
    expect(stillOne).toHaveLength(1)
  })
})
