import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, signIn, type TestApp } from '../../../tests/support/app'
import { ERROR_CODES } from '../../../contract/errors'
import { webVitals } from '../../db/schema'
import { readDays, renderReport } from '../../cli/vitals-report'
import { percentilesSince, storeVitals } from './repository'

const USER = '+4915170900001'

describe.each(backends)('real-user metrics on %s', (backend) => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    token = (await signIn(t.app, USER)).token
  })
  afterAll(async () => t?.close())

  const send = (payload: unknown, signedIn = false) =>
    t.app.inject({ method: 'POST', url: '/api/v6/vitals', headers: signedIn ? bearer(token) : {}, payload: payload as object })
  const rows = async () => t.database.db.select().from(webVitals).orderBy(webVitals.id)
  const entry = (over: Record<string, unknown> = {}) => ({
    name: 'LCP',
    value: 1234,
    rating: 'good',
    route: '/number/$phoneNumber',
    ...over,
  })

  it('stores a batch, one row per value with its route pattern and time, signed in or not, and nothing about who', async () => {
    const before = Date.now()
    const res = await send({
      metrics: [
        entry(),
        entry({ name: 'INP', value: 96, rating: 'good', navigationType: 'navigate' }),
        entry({ name: 'CLS', value: 0.0421, rating: 'good' }),
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ status: true })
    const signedIn = await send({ metrics: [entry({ name: 'LCP', value: 4100.5, rating: 'poor', route: '/search' })] }, true)
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    const all = await rows()
    expect(all.map(({ metric, route, value, rating }) => ({ metric, route, value, rating }))).toEqual([
      { metric: 'LCP', route: '/number/$phoneNumber', value: 1234, rating: 'good' },
      { metric: 'INP', route: '/number/$phoneNumber', value: 96, rating: 'good' },
      { metric: 'CLS', route: '/number/$phoneNumber', value: 0.0421, rating: 'good' },
      { metric: 'LCP', route: '/search', value: 4100.5, rating: 'poor' },
    ])
    for (const row of all) expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
    // The table has no column for a user, an address or a user agent, and none of the caller's number is in it.
    expect(Object.keys(all[0]).sort()).toEqual(['createdAt', 'id', 'metric', 'rating', 'route', 'value'])
    expect(JSON.stringify(all)).not.toMatch(/49151|70900001|127\.0\.0\.1|lightMyRequest/)
  })

  it('refuses a bad name, value, rating or route and an empty or oversized batch with 400 and a message, storing nothing', async () => {
    const before = await rows()
    const bad: Array<[unknown, RegExp]> = [
      [{ metrics: [entry({ name: 'FID' })] }, /name.*must be one of LCP, INP, CLS/],
      [{ metrics: [entry({ value: -1 })] }, /value.*must be 0 or more/],
      [{ metrics: [entry({ value: 120_001 })] }, /value.*at most 120000/],
      [{ metrics: [entry({ value: '12' })] }, /value.*must be a finite number/],
      [{ metrics: [entry({ value: null })] }, /value/],
      [{ metrics: [entry({ name: 'CLS', value: 101 })] }, /CLS must be at most 100/],
      [{ metrics: [entry({ rating: 'great' })] }, /rating.*must be one of good, needs-improvement, poor/],
      [{ metrics: [entry({ route: '/number/491637875622' })] }, /route.*not an address with a number/],
      [{ metrics: [entry({ route: '/number/+49 163 7875622' })] }, /route.*must be a route pattern/],
      [{ metrics: [entry({ route: 'search' })] }, /route.*must be a route pattern/],
      [{ metrics: [entry({ route: undefined })] }, /route/],
      // One bad value refuses the whole batch.
      [{ metrics: [entry(), entry({ route: '/search?q=4915170900001' })] }, /route/],
      [{ metrics: [] }, /metrics.*at least one/],
      [{ metrics: Array.from({ length: 11 }, () => entry()) }, /metrics.*at most 10/],
      [{}, /metrics/],
      [[entry()], /./],
    ]
    for (const [payload, message] of bad) {
      const res = await send(payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json(), JSON.stringify(payload)).toMatchObject({
        status: false,
        status_code: ERROR_CODES.VALIDATION,
        message: expect.stringMatching(message),
      })
    }
    const nonFinite = await t.app.inject({
      method: 'POST',
      url: '/api/v6/vitals',
      headers: { 'content-type': 'application/json' },
      payload: '{"metrics":[{"name":"LCP","value":1e999,"rating":"good","route":"/search"}]}',
    })
    expect(nonFinite.statusCode, nonFinite.body).toBe(400)
    expect(await rows()).toEqual(before)
  })

  it('finds the 75th percentile per route and metric, and npm run vitals:report prints it', async () => {
    await t.database.db.delete(webVitals)
    const now = new Date()
    const old = new Date(now.getTime() - 40 * 86_400_000)
    // p75 of 100, 200, 300, 400, 500 is 400; of 1000 and 3000 it is 2500; of 0.01..0.04 it is 0.0325.
    await storeVitals(
      t.database.db,
      [100, 200, 300, 400, 500].map((value) => ({ name: 'LCP' as const, value, rating: 'good' as const, route: '/search' })),
    )
    await storeVitals(
      t.database.db,
      [3000, 1000].map((value) => ({ name: 'LCP' as const, value, rating: 'good' as const, route: '/number/$phoneNumber' })),
    )
    await storeVitals(
      t.database.db,
      [0.01, 0.02, 0.03, 0.04].map((value) => ({ name: 'CLS' as const, value, rating: 'good' as const, route: '/search' })),
    )
    await storeVitals(t.database.db, [{ name: 'INP', value: 640, rating: 'poor', route: '/search' }])
    // Older than the window: left out.
    await storeVitals(t.database.db, [{ name: 'LCP', value: 90_000, rating: 'poor', route: '/search' }], old)
    await storeVitals(t.database.db, [{ name: 'INP', value: 50, rating: 'good', route: '/settings' }], old)

    const since = new Date(now.getTime() - 28 * 86_400_000)
    const found = await percentilesSince(t.database.db, since)
    expect(found).toEqual([
      { route: '/number/$phoneNumber', metric: 'LCP', count: 2, p75: 2500 },
      { route: '/search', metric: 'LCP', count: 5, p75: 400 },
      { route: '/search', metric: 'INP', count: 1, p75: 640 },
      { route: '/search', metric: 'CLS', count: 4, p75: expect.closeTo(0.0325, 10) },
    ])
    expect(
      (await percentilesSince(t.database.db, new Date(old.getTime() - 1000))).find((r) => r.route === '/search' && r.metric === 'LCP'),
    ).toMatchObject({ count: 6, p75: 475 })

    const text = await renderReport(t.database.db, 28, now)
    expect(text).toMatch(/^Real-user metrics since .* UTC \(28 days\): 75th percentile per route\n/)
    expect(text).toMatch(/\/number\/\$phoneNumber\s+LCP\s+2\s+2500 ms\s+good\n/)
    expect(text).toMatch(/\/search\s+LCP\s+5\s+400 ms\s+good\n/)
    expect(text).toMatch(/\/search\s+INP\s+1\s+640 ms\s+poor\n/)
    expect(text).toMatch(/\/search\s+CLS\s+4\s+0\.033\s+good\n/)
    expect(text).not.toContain('/settings')
    expect(await renderReport(t.database.db, 60, now)).toMatch(/\/settings\s+INP\s+1\s+50 ms/)
    await t.database.db.delete(webVitals)
    expect(await renderReport(t.database.db, 28, now)).toContain('No data yet')
    expect(readDays([])).toBe(28)
    expect(readDays(['--days', '7'])).toBe(7)
    for (const argv of [['--days', '0'], ['7'], ['--days', 'x'], ['--weeks', '2']])
      expect(() => readDays(argv)).toThrow(/Usage: npm run vitals:report/)
  })
})

describe('the sample rate in the page', () => {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-vitals-web-'))
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<html><head><meta name="app-config" content="__APP_CONFIG__"></head><body>app</body></html>',
  )
  const page = async (env: Record<string, string>) => {
    const t = await createTestApp('pglite', { SIGNING_SECRET: 'from-env', ...env }, { webRoot })
    try {
      return (await t.app.inject({ method: 'GET', url: '/search' })).body
    } finally {
      await t.close()
    }
  }

  it('writes VITALS_SAMPLE_RATE into the run-time config, and nothing when it is 0', async () => {
    expect(await page({ VITALS_SAMPLE_RATE: '0.25' })).toContain(
      'content="{&quot;signingSecret&quot;:&quot;from-env&quot;,&quot;vitalsSampleRate&quot;:0.25,',
    )
    expect(await page({ VITALS_SAMPLE_RATE: '0' })).toContain(
      'content="{&quot;signingSecret&quot;:&quot;from-env&quot;,&quot;signInMethods&quot;',
    )
    // NODE_ENV=test (the browser tests' server) reports nothing unless asked.
    expect(await page({})).not.toContain('vitalsSampleRate')
  })
})
