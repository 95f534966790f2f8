import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { errorEnvelope } from '../../contract/api/envelope'
import { ERROR_CODES } from '../../contract/errors'
import { bearer, createTestApp, signIn, type TestApp } from '../../tests/support/app'
import { backends } from '../../tests/support/database'
import { notes } from '../db/schema'

/** A built web app in miniature: the page and one asset. */
function webRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-pressure-'))
  fs.mkdirSync(path.join(dir, 'assets'))
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body data-config="__APP_CONFIG__">app</body></html>')
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("app")')
  return dir
}

function expectBusy(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, seconds: number) {
  expect(res.statusCode).toBe(503)
  expect(res.headers['retry-after']).toBe(String(seconds))
  const body = errorEnvelope.parse(res.json())
  expect(body.status_code).toBe(ERROR_CODES.SERVER_BUSY)
  expect(body.message).toBe(`The service is busy; try again in ${seconds} s`)
}

describe.each(backends)('load shedding by database pressure on %s', (backend) => {
  let t: TestApp
  let token: string
  const root = webRoot()
  beforeAll(async () => {
    t = await createTestApp(backend, { PRESSURE_MAX_DB_WAITING: '3', PRESSURE_RETRY_AFTER_SECONDS: '7', AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { webRoot: root })
    token = (await signIn(t.app, '+4915170800001')).token
  })
  afterAll(async () => {
    await t?.close()
    fs.rmSync(root, { recursive: true, force: true })
  })

  /**
   * Holds more transactions open than the database has connections (PostgreSQL's test pool
   * has 20, PGlite one), so the rest queue; `release` lets them all finish.
   */
  async function saturate() {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const held = Array.from({ length: 30 }, () =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        await gate
      }),
    )
    await vi.waitFor(() => expect(t.database.pressure().waiting).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 10 })
    return {
      async release() {
        release()
        await Promise.all(held)
      },
    }
  }

  it('answers API calls at once with 503, Retry-After and the error envelope while queries queue, and serves again as soon as they drain', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v6/profile/my', headers: bearer(token) })).statusCode).toBe(200)
    const pool = await saturate()
    try {
      expectBusy(await t.app.inject({ method: 'GET', url: '/api/v6/profile/my', headers: bearer(token) }), 7)
      expectBusy(await t.app.inject({ method: 'GET', url: '/api/v202505/search/%2B4930123456', headers: bearer(token) }), 7)
      expectBusy(await t.app.inject({ method: 'GET', url: '/api/v202305/main/load?lang=en' }), 7)
      // A refused write changes nothing.
      expectBusy(await t.app.inject({ method: 'POST', url: '/api/v7/notice/add', headers: bearer(token), payload: { phone: '+493070800001', text: 'not saved' } }), 7)
    } finally {
      await pool.release()
    }
    expect(t.database.pressure().waiting).toBe(0)
    expect((await t.app.inject({ method: 'GET', url: '/api/v6/profile/my', headers: bearer(token) })).statusCode).toBe(200)
    expect(await t.database.db.select().from(notes)).toEqual([])
  })

  it('answers a burst of signed-in calls that arrive together with 200 or 503 only, each one, and is at once ready again', async () => {
    // The calls pass the first look together while their tokens are checked; the look before the session query and the route's refuse the surplus.
    const burst = await Promise.all(Array.from({ length: 60 }, () => t.app.inject({ method: 'GET', url: '/api/v6/profile/my', headers: bearer(token) })))
    const statuses = new Set(burst.map((res) => res.statusCode))
    expect([...statuses].filter((s) => s !== 200 && s !== 503)).toEqual([])
    // PostgreSQL's 20 connections cannot take 60 calls at once; PGlite answers each query within the call's own turn, so none queue there.
    if (backend === 'postgres') expect(statuses).toContain(503)
    for (const res of burst.filter((r) => r.statusCode === 503)) expectBusy(res, 7)
    expect((await t.app.inject({ method: 'GET', url: '/api/v6/profile/my', headers: bearer(token) })).statusCode).toBe(200)
  })

  it('keeps serving the web app, its language files and the health check while it sheds API calls', async () => {
    const pool = await saturate()
    let health
    try {
      expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200)
      const page = await t.app.inject({ method: 'GET', url: '/number/4930123456' })
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain('app')
      expect((await t.app.inject({ method: 'GET', url: '/localeModule/json/en.json' })).statusCode).toBe(200)
      // The health check is not refused: it waits its turn for the database like any query.
      health = t.app.inject({ method: 'GET', url: '/api/health' })
    } finally {
      await pool.release()
    }
    expect((await health).statusCode).toBe(200)
  })
})

describe('load shedding by event-loop delay', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp('pglite', { PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '20', PRESSURE_RETRY_AFTER_SECONDS: '4', AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    token = (await signIn(t.app, '+4915170800002')).token
  })
  afterAll(async () => t?.close())

  it('answers 503 with Retry-After while the event loop lags, and 200 again once it runs freely', async () => {
    const main = () => t.app.inject({ method: 'GET', url: '/api/v6/profile/my', headers: bearer(token) })
    // Every turn of the event loop takes 60 ms of computing, as under a flood of work.
    const blocker = setInterval(() => {
      const end = performance.now() + 60
      while (performance.now() < end);
    }, 0)
    try {
      await vi.waitFor(async () => expect((await main()).statusCode).toBe(503), { timeout: 10_000, interval: 20 })
      expectBusy(await main(), 4)
    } finally {
      clearInterval(blocker)
    }
    await vi.waitFor(async () => expect((await main()).statusCode).toBe(200), { timeout: 10_000, interval: 20 })
  })
})

describe('load shedding by how long a call has waited for its turn', () => {
  let t: TestApp
  let token: string
  let stall = false
  beforeAll(async () => {
    t = await createTestApp('pglite', { PRESSURE_MAX_WAIT_MS: '1000', PRESSURE_RETRY_AFTER_SECONDS: '3', AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, {}, (app) => {
      // Stands in for a loop busy with other calls between the call's arrival and its route.
      app.addHook('onRequest', async () => {
        const end = performance.now() + 1100
        while (stall && performance.now() < end);
      })
    })
    token = (await signIn(t.app, '+4915170800004')).token
  })
  afterAll(async () => t?.close())

  it('refuses a call that waited longer than PRESSURE_MAX_WAIT_MS before its route ran, and serves one that did not', async () => {
    const call = () => t.app.inject({ method: 'POST', url: '/api/v7/notice/add', headers: bearer(token), payload: { phone: '+493070800002', text: 'late' } })
    stall = true
    expectBusy(await call(), 3)
    stall = false
    expect(await t.database.db.select().from(notes)).toEqual([])
    expect((await call()).statusCode).toBe(200)
  })
})

describe('the rate limit says when to come back', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp('pglite', { RATE_LIMIT_PER_MINUTE: '2', AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    token = (await signIn(t.app, '+4915170800003')).token
  })
  afterAll(async () => t?.close())

  it('answers 429 with Retry-After in whole seconds within the minute, in the error envelope', async () => {
    const call = () => t.app.inject({ method: 'GET', url: '/api/v6/profile/my', headers: bearer(token) })
    expect((await call()).statusCode).toBe(200)
    expect((await call()).statusCode).toBe(200)
    const res = await call()
    expect(res.statusCode).toBe(429)
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect(errorEnvelope.parse(res.json()).status_code).toBe(ERROR_CODES.RATE_LIMITED)
  })
})
