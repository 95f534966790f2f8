/**
 * Load shedding (issue 30, ADR 0050): only under real overload, judged by the server's own
 * queue, and never stuck. Real HTTP against servers built with the production settings.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { errorEnvelope } from '../../contract/api/envelope'
import { ERROR_CODES } from '../../contract/errors'
import { signIn } from '../../tests/support/app'
import { until } from '../../tests/support/until'
import { backends, openTestDatabase } from '../../tests/support/database'
import { buildApp } from '../app'
import type { Database } from '../db/client'
import { loadEnv, PRESSURE_DEFAULTS } from '../env'
import { notes } from '../db/schema'
import { CallQueue } from './pressure'

/** A built web app in miniature: the page and one asset. */
function webRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-pressure-'))
  fs.mkdirSync(path.join(dir, 'assets'))
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body data-config="__APP_CONFIG__">app</body></html>')
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("app")')
  return dir
}

/** The shedding as production runs it (env.ts defaults), whatever NODE_ENV=test turns off. */
const PRODUCTION_SHEDDING = { PRESSURE_MAX_WAIT_MS: String(PRESSURE_DEFAULTS.maxWaitMs), PRESSURE_RETRY_AFTER_SECONDS: '7' }

/** Starts a server on `database` as a restart would: a new process's app, listening on a port of its own. */
async function startServer(
  database: Database,
  env: Record<string, string> = {},
  configure?: (app: FastifyInstance) => void,
  root = '/nonexistent',
) {
  const app = await buildApp({
    env: loadEnv({
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent',
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...PRODUCTION_SHEDDING,
      ...env,
    }),
    database,
    logger: false,
    webRoot: root,
  })
  configure?.(app)
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, url }
}

interface Answer {
  status: number
  retryAfter: string | null
  body: unknown
}

async function call(url: string, token: string, write: number | null): Promise<Answer> {
  const res =
    write === null
      ? await fetch(`${url}/api/v6/profile/my`, { headers: { authorization: `Bearer ${token}` } })
      : await fetch(`${url}/api/v7/notice/add`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ phone: `+4930708${String(write).padStart(5, '0')}`, text: `note ${write}` }),
        })
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }
}

/** `n` readers and `n` writers, each calling one call after another for `ms`. */
async function clients(url: string, token: string, n: number, ms: number, firstWrite: number): Promise<Answer[]> {
  const until = Date.now() + ms
  const answers: Answer[] = []
  let write = firstWrite
  await Promise.all(
    Array.from({ length: 2 * n }, async (_, i) => {
      while (Date.now() < until) answers.push(await call(url, token, i % 2 ? write++ : null))
    }),
  )
  return answers
}

const statusesOf = (answers: Answer[]) => [...new Set(answers.map((a) => a.status))].sort()

describe.each(backends)('load shedding only under real overload on %s', (backend) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterAll(async () => database?.close())

  // Twenty starts with a burst each take 20–30 s on two cores while CI's other projects run beside it: a time of its own.
  it('right after each of 20 starts: a burst of 100 is answered, the next call too, and 4 readers and 4 writers get no 503', async () => {
    let write = 0
    for (let round = 0; round < 20; round++) {
      const { app, url } = await startServer(database)
      try {
        const { token } = await signIn(app, '+4915170800001')
        const burst = await Promise.all(Array.from({ length: 100 }, (_, i) => call(url, token, i % 2 ? write++ : null)))
        expect(statusesOf(burst), `round ${round}: the burst`).toEqual([200])
        expect((await call(url, token, null)).status, `round ${round}: the call after the burst`).toBe(200)
        expect(statusesOf(await clients(url, token, 4, 300, (write += 1000))), `round ${round}: 4 readers and 4 writers`).toEqual([200])
      } finally {
        await app.close()
      }
    }
    // Every write of every round answered 200 is there.
    expect((await database.db.select().from(notes)).length).toBeGreaterThanOrEqual(20 * 50)
  }, 120_000)

  it('serves 8 clients more slowly, never refused, while other processes take every CPU', async () => {
    const hogs: ChildProcess[] = Array.from({ length: os.cpus().length * 2 }, () =>
      spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' }),
    )
    const { app, url } = await startServer(database)
    try {
      const { token } = await signIn(app, '+4915170800002')
      const answers = await clients(url, token, 4, 2000, 500_000)
      expect(answers.length).toBeGreaterThan(8)
      expect(statusesOf(answers)).toEqual([200])
    } finally {
      for (const hog of hogs) hog.kill('SIGKILL')
      await app.close()
    }
  })
})

describe('load shedding under a real overload', () => {
  let database: Database
  let app: FastifyInstance
  let url: string
  let token: string
  const root = webRoot()
  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    // Stands in for a saturated database: each profile read takes 20 ms, one after another.
    let line = Promise.resolve()
    ;({ app, url } = await startServer(
      database,
      {},
      (server) => {
        server.addHook('preHandler', async (request) => {
          if (!request.url.startsWith('/api/v6/profile/my')) return
          const turn = line.then(() => new Promise<void>((r) => setTimeout(r, 20)))
          line = turn
          await turn
        })
      },
      root,
    ))
    token = (await signIn(app, '+4915170800003')).token
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('answers each call 200 or 503 with Retry-After and the error envelope, keeps the web app and the health check up, and answers the next call normally', async () => {
    // The rate calls are answered at is known once some were (as under any load that builds up).
    for (let i = 0; i < 20; i++) expect((await call(url, token, null)).status).toBe(200)
    const flood = Array.from({ length: 400 }, () => call(url, token, null))
    await new Promise((r) => setTimeout(r, 100))
    // While it sheds: the web app's files and the health check are served.
    expect((await fetch(`${url}/assets/app.js`)).status).toBe(200)
    expect((await fetch(`${url}/api/health`)).status).toBe(200)
    const answers = await Promise.all(flood)
    expect(statusesOf(answers)).toEqual([200, 503])
    // At 50 answers a second, the queue is cut where its last call would wait about half a second.
    expect(answers.filter((a) => a.status === 200).length).toBeLessThan(200)
    for (const refused of answers.filter((a) => a.status === 503)) {
      expect(refused.retryAfter).toBe('7')
      const body = errorEnvelope.parse(refused.body)
      expect(body.status_code).toBe(ERROR_CODES.SERVER_BUSY)
      expect(body.message).toBe('The service is busy; try again in 7 s')
    }
    expect(app.queue.size).toBe(0)
    expect((await call(url, token, null)).status).toBe(200)
    expect((await call(url, token, 1)).status).toBe(200)
  })

  it('lets go of the calls a client pipelined on one connection and left before their answers: the next caller is served', async () => {
    // As an overload's load generator leaves: 150 calls sent at once on one connection, which closes while they wait.
    const socket = net.connect(Number(new URL(url).port), '127.0.0.1')
    await once(socket, 'connect')
    socket.on('error', () => {})
    socket.write(`GET /api/v6/profile/my HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`.repeat(150))
    // Counted while under way (up to the floor none is refused, whatever came before).
    const floor = PRESSURE_DEFAULTS.queueFloor
    expect(
      await until(
        async () => app.queue.size,
        (n) => n >= floor,
      ),
    ).toBeGreaterThanOrEqual(floor)
    socket.destroy()
    // Each leaves with its connection; an answer queued behind another never closes by itself.
    expect(
      await until(
        async () => app.queue.size,
        (n) => n === 0,
      ),
    ).toBe(0)
    expect((await call(url, token, null)).status).toBe(200)
  })

  it('the health check says 503 when an API call has been under way for 30 s (wedged), and 200 again once it is not', async () => {
    const spy = vi.spyOn(app.queue, 'oldestWaitMs').mockReturnValue(31_000)
    try {
      const res = await fetch(`${url}/api/health`)
      expect(res.status).toBe(503)
      expect(errorEnvelope.parse(await res.json()).message).toMatch(/Wedged: an API call has been under way for 31 s/)
    } finally {
      spy.mockRestore()
    }
    expect((await fetch(`${url}/api/health`)).status).toBe(200)
  })
})

describe('the queue of calls under way', () => {
  it('counts a call until it leaves, once, and tells how long the oldest has waited', async () => {
    const queue = new CallQueue({ floor: 2, maxWaitMs: 30 })
    try {
      const first = queue.enter()
      const second = queue.enter()
      await new Promise((r) => setTimeout(r, 60))
      expect(queue.size).toBe(2)
      expect(queue.oldestWaitMs()).toBeGreaterThanOrEqual(50)
      // Two under way that would keep a third waiting longer than 30 ms: full.
      expect(queue.full()).toBe(true)
      first()
      first()
      expect(queue.size).toBe(1)
      // Below the floor nothing is refused, however long the wait.
      expect(queue.full()).toBe(false)
      second()
      expect(queue.size).toBe(0)
      expect(queue.oldestWaitMs()).toBe(0)
    } finally {
      queue.close()
    }
  })
})

describe('the rate limit says when to come back', () => {
  let database: Database
  let app: FastifyInstance
  let url: string
  let token: string
  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    ;({ app, url } = await startServer(database, { RATE_LIMIT_PER_MINUTE: '2' }))
    token = (await signIn(app, '+4915170800004')).token
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('answers 429 with Retry-After in whole seconds within the minute, in the error envelope', async () => {
    expect((await call(url, token, null)).status).toBe(200)
    expect((await call(url, token, null)).status).toBe(200)
    const res = await call(url, token, null)
    expect(res.status).toBe(429)
    expect(Number(res.retryAfter)).toBeGreaterThanOrEqual(1)
    expect(Number(res.retryAfter)).toBeLessThanOrEqual(60)
    expect(errorEnvelope.parse(res.body).status_code).toBe(ERROR_CODES.RATE_LIMITED)
  })
})
