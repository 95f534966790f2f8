import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, form, signIn, type TestApp } from '../../../tests/support/app'
import { ERROR_CODES } from '../../../contract/errors'
import { analyticsCounts } from '../../db/schema'
import { readDays, renderReport } from '../../cli/analytics-report'
import { countEvent } from './repository'

const USER = '+4915170800001'

describe.each(backends)('analytics counts on %s', (backend) => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    token = (await signIn(t.app, USER)).token
  })
  afterAll(async () => t?.close())

  const send = (payload: Record<string, string>, signedIn = false) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v6/analytics',
      headers: { ...(signedIn ? bearer(token) : {}), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(payload),
    })
  const rows = async () => t.database.db.select().from(analyticsCounts).orderBy(analyticsCounts.kind, analyticsCounts.route)

  it('counts page views and searches per UTC day, route pattern and language, signed in or not, and keeps nothing about who', async () => {
    for (const signedIn of [false, true, true]) {
      const res = await send({ kind: 'pageview', route: '/number/$phoneNumber', locale: 'ru-RU' }, signedIn)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ status: true })
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v6/analytics',
      headers: bearer(token),
      payload: { kind: 'search', route: '/search', locale: 'ru-RU' },
    })
    expect(json.statusCode, json.body).toBe(200)
    const today = new Date().toISOString().slice(0, 10)
    const all = await rows()
    expect(all).toEqual([
      { day: today, kind: 'pageview', route: '/number/$phoneNumber', locale: 'ru-RU', count: 3 },
      { day: today, kind: 'search', route: '/search', locale: 'ru-RU', count: 1 },
    ])
    // Neither the user's id nor any part of their number is stored.
    expect(JSON.stringify(all)).not.toMatch(/49151|70800001/)
  })

  it('refuses a route with a number in it, a bad kind or language, with 400, counting nothing', async () => {
    const before = await rows()
    const bad: Array<Record<string, string>> = [
      { kind: 'pageview', route: '/number/4915170800001', locale: 'ru-RU' },
      { kind: 'pageview', route: '/number/+4915170800001', locale: 'ru-RU' },
      { kind: 'pageview', route: '/number/030-12345', locale: 'ru-RU' },
      { kind: 'pageview', route: '/search?q=4915170800001', locale: 'ru-RU' },
      { kind: 'pageview', route: 'search', locale: 'ru-RU' },
      { kind: 'pageview', route: `/${'a'.repeat(80)}`, locale: 'ru-RU' },
      { kind: 'click', route: '/search', locale: 'ru-RU' },
      { kind: 'pageview', route: '/search', locale: '<script>' },
      { kind: 'pageview', route: '/search', locale: 'r' },
      { kind: 'pageview', route: '/search' },
      { route: '/search', locale: 'ru-RU' },
    ]
    for (const payload of bad) {
      const res = await send(payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.VALIDATION })
    }
    expect(await rows()).toEqual(before)
  })

  it('prints the counts per day and route with npm run analytics:report', async () => {
    const yesterday = new Date(Date.now() - 86_400_000)
    await countEvent(t.database.db, { kind: 'pageview', route: '/search', locale: 'ru-RU' }, yesterday)
    await countEvent(t.database.db, { kind: 'pageview', route: '/search', locale: 'en' }, yesterday)
    const text = await renderReport(t.database.db, 7)
    const today = new Date().toISOString().slice(0, 10)
    const day = yesterday.toISOString().slice(0, 10)
    expect(text).toContain(`${day}  page views 2, searches 0\n  pageview        2  /search\n`)
    expect(text).toContain(`${today}  page views 3, searches 1\n  pageview        3  /number/$phoneNumber\n  search          1  /search\n`)
    expect(text.indexOf(day)).toBeLessThan(text.indexOf(today))
    // One day back shows today only.
    expect(await renderReport(t.database.db, 1)).not.toContain(day)
    expect(readDays([])).toBe(7)
    expect(readDays(['--days', '30'])).toBe(30)
    for (const argv of [['--days', '0'], ['30'], ['--days', 'x'], ['--weeks', '2']]) expect(() => readDays(argv)).toThrow(/Usage/)
  })
})

describe('analytics under the rate limit', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite', { RATE_LIMIT_PER_MINUTE: '3' })
  })
  afterAll(async () => t?.close())

  it('answers 429 past RATE_LIMIT_PER_MINUTE per address and stops counting', async () => {
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/v6/analytics', payload: { kind: 'pageview', route: '/search', locale: 'ru-RU' } })
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(200)
    const over = await send()
    expect(over.statusCode).toBe(429)
    expect(over.json()).toMatchObject({ status: false, status_code: ERROR_CODES.RATE_LIMITED })
    expect((await t.database.db.select().from(analyticsCounts))[0].count).toBe(3)
  })
})
