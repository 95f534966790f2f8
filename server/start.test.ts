import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { throwAwayPostgres } from '../tests/support/database'
import { freePort } from '../tests/support/free-port'

/** `npm start` as a child process (what `tsx server/start.ts` runs), with its output collected. */
function npmStart(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  return {
    child,
    exited,
    output: () => output,
    async waitFor(text: string, timeoutMs = 120_000) {
      const until = Date.now() + timeoutMs
      while (!output.includes(text)) {
        if (Date.now() > until || child.exitCode !== null) throw new Error(`no "${text}" in:\n${output}`)
        await new Promise((r) => setTimeout(r, 250))
      }
    },
  }
}

/** GET on a new connection each time, as separate clients connect: the cluster hands connections out in turn. */
function getOnNewConnection(port: number, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
        let body = ''
        res.on('data', (d) => (body += d))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      .on('error', reject)
  })
}

/** The pid of the process that answered each request, from the request log lines (LOG_LEVEL=info; pino writes each process's pid). */
function answeredBy(output: string): number[] {
  const pids: number[] = []
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue
    try {
      const entry = JSON.parse(line) as { msg?: string; pid?: number }
      if (entry.msg === 'request completed' && entry.pid) pids.push(entry.pid)
    } catch {
      // not a log line
    }
  }
  return pids
}

/**
 * The processes that answered the last `count` requests. A request's log line comes down the
 * pipe a moment after its answer (pino writes asynchronously), so this waits for all of them.
 */
async function servingPids(output: () => string, count: number): Promise<number[]> {
  await expect.poll(() => answeredBy(output()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count)
  return [...new Set(answeredBy(output()))]
}

/** The server processes `pid` forked (ps lists children; the primary may also run esbuild's service for tsx). */
function serverChildrenOf(pid: number): number[] {
  let listing = ''
  try {
    listing = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
  } catch {
    // ps exits 1 when there are none
  }
  return listing
    .split('\n')
    .filter((line) => line.includes('server/start.ts'))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('npm start', () => {
  it('builds when needed, seeds an empty database and serves the app and the API', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-start-'))
    const port = await freePort()
    // As a new user runs it: no NODE_ENV, no secrets.
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir }
    delete env.NODE_ENV
    delete env.JWT_SECRET
    delete env.DATABASE_URL
    delete env.WEB_CONCURRENCY
    const server = npmStart(env)
    try {
      await server.waitFor('is running at')
      expect(server.output()).toContain('Seeded synthetic demo data')
      const page = await fetch(`http://127.0.0.1:${port}/search`)
      expect(page.headers.get('content-type')).toContain('text/html')
      expect(await page.text()).toContain('<div id="root">')
      const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()
      expect(health).toMatchObject({ status: true, data: { db: 'ok' } })
    } finally {
      server.child.kill('SIGTERM')
    }
    expect(await server.exited).toBe(0)
  }, 180_000)

  it('runs one process on the embedded database even when WEB_CONCURRENCY asks for more, and says so', async () => {
    const port = await freePort()
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-start-')),
      WEB_CONCURRENCY: '2',
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      JWT_SECRET: 'x'.repeat(40),
    }
    delete env.DATABASE_URL
    const server = npmStart(env)
    try {
      await server.waitFor('is running at')
      expect(server.output()).toContain(
        'WEB_CONCURRENCY=2 needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process, so one server process runs.',
      )
      expect(server.output()).toContain('embedded database in')
      for (let i = 0; i < 6; i++) expect((await getOnNewConnection(port, '/api/health')).status).toBe(200)
      // The process we started answered every request itself, and forked no server.
      expect(await servingPids(server.output, 6)).toEqual([server.child.pid])
      expect(serverChildrenOf(server.child.pid!)).toEqual([])
    } finally {
      server.child.kill('SIGTERM')
    }
    expect(await server.exited).toBe(0)
  }, 180_000)

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
    it('serves from WEB_CONCURRENCY worker processes, seeds once, replaces a worker that dies, and stops them all on SIGTERM with exit 0', async () => {
      const database = await throwAwayPostgres()
      const port = await freePort()
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: database.url,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-start-')),
        WEB_CONCURRENCY: '2',
        LOG_LEVEL: 'info',
        JWT_SECRET: 'x'.repeat(40),
      }
      delete env.SEED_DEMO
      delete env.REDIS_URL
      const server = npmStart(env)
      const primary = () => server.child.pid!
      /** The processes that answer `count` requests, each on its own connection. */
      const answering = async (count: number) => {
        const before = server.output().length
        for (let i = 0; i < count; i++) {
          const health = await getOnNewConnection(port, '/api/health')
          expect(health.status).toBe(200)
          expect(JSON.parse(health.body)).toMatchObject({ status: true, data: { db: 'ok' } })
        }
        return (await servingPids(() => server.output().slice(before), count)).sort()
      }
      try {
        await server.waitFor('is running at')
        expect(server.output()).toContain('(PostgreSQL, 2 server processes)')
        expect(server.output()).toContain(
          '2 server processes without REDIS_URL: each counts rate limits, sign-in attempts and signed-call nonces on its own.',
        )
        // The primary seeded before forking: once, whatever the number of workers.
        expect(server.output().split('Seeded synthetic demo data').length - 1).toBe(1)

        const workers = serverChildrenOf(primary()).sort()
        expect(workers).toHaveLength(2)
        expect(await answering(8)).toEqual(workers)
        const client = new pg.Client({ connectionString: database.url })
        await client.connect()
        const { rows } = await client.query<{ count: number }>('select count(*)::int as count from users')
        await client.end()
        expect(rows[0].count).toBe(6)

        // A worker that dies is replaced, and the API keeps answering meanwhile.
        const [victim, survivor] = workers
        process.kill(victim, 'SIGKILL')
        await server.waitFor(`Server process ${victim} was ended by SIGKILL; starting another in 1 s.`)
        expect((await getOnNewConnection(port, '/api/health')).status).toBe(200)
        const until = Date.now() + 90_000
        let now: number[] = []
        while (Date.now() < until) {
          now = serverChildrenOf(primary())
          if (now.length === 2 && !now.includes(victim)) break
          await new Promise((r) => setTimeout(r, 250))
        }
        const replacement = now.find((pid) => pid !== survivor)!
        expect(now.sort()).toEqual([survivor, replacement].sort())
        // It serves once it listens; wait for that, then both answer again.
        while (Date.now() < until && (await answering(4)).length < 2) await new Promise((r) => setTimeout(r, 250))
        expect(await answering(8)).toEqual(now.sort())

        server.child.kill('SIGTERM')
        expect(await server.exited).toBe(0)
        for (const pid of [...now, primary()]) expect(running(pid), `process ${pid} still runs`).toBe(false)
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL')
        for (const pid of serverChildrenOf(primary())) process.kill(pid, 'SIGKILL')
        await database.drop()
      }
    }, 240_000)

    it('stops with exit 1 and says why when the workers cannot start, instead of restarting them forever', async () => {
      const database = await throwAwayPostgres()
      const taken = net.createServer().listen(0, '127.0.0.1')
      await new Promise((r) => taken.once('listening', r))
      const port = (taken.address() as net.AddressInfo).port
      const server = npmStart({
        ...process.env,
        PORT: String(port),
        DATABASE_URL: database.url,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-start-')),
        WEB_CONCURRENCY: '2',
        SEED_DEMO: '0',
        JWT_SECRET: 'x'.repeat(40),
      })
      try {
        expect(await server.exited).toBe(1)
        expect(server.output()).toContain(`Port ${port} is in use. Stop the other server or set PORT.`)
        expect(server.output()).toContain('A server process could not start; stopping.')
        expect(server.output()).not.toContain('starting another')
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL')
        taken.close()
        await database.drop()
      }
    }, 180_000)
  })
})
