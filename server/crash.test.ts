/**
 * Crash safety (issue 11): a real server process is killed with SIGKILL in the middle of
 * a stream of writes, started again at once on the same database, and every write it had
 * acknowledged is there. On the embedded database the restart takes over the dead
 * process's data folder lock instead of refusing to start.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { devSignIn } from '../tests/support/dev-sign-in'
import { backends, throwAwayPostgres } from '../tests/support/database'
import { freePort } from '../tests/support/free-port'
import { untilHealthy } from '../tests/support/until-healthy'
import { openPglite, rowsOf } from './db/client'

interface Server {
  child: ChildProcess
  url: string
  exited: Promise<number | null>
  output: () => string
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort()
  let output = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: '0',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (b: Buffer) => (output += b.toString()))
  child.stderr!.on('data', (b: Buffer) => (output += b.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = `http://127.0.0.1:${port}`
  await untilHealthy(`${url}/api/health`, child, () => output, 120_000)
  return { child, url, exited, output: () => output }
}

describe.each(backends)('a server killed during writes on %s', (backend) => {
  const cleanups: Array<() => Promise<void>> = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {})
  })

  it('keeps every acknowledged write and starts again at once', async () => {
    const env: Record<string, string> = { JWT_SECRET: crypto.randomBytes(32).toString('hex') }
    let acknowledged: () => Promise<string[]>
    if (backend === 'pglite') {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-crash-'))
      env.DATA_DIR = dataDir
      env.DATABASE_URL = ''
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }))
      acknowledged = async () => {
        const db = await openPglite(dataDir)
        try {
          return rowsOf<{ e164: string }>(await db.db.execute(sql`select n.e164 from notes join numbers n on n.id = notes.number_id`)).map(
            (r) => r.e164,
          )
        } finally {
          await db.close()
        }
      }
    } else {
      const created = await throwAwayPostgres()
      env.DATABASE_URL = created.url
      cleanups.push(created.drop)
      acknowledged = async () => {
        const d = new pg.Client({ connectionString: env.DATABASE_URL })
        await d.connect()
        try {
          return (await d.query<{ e164: string }>('select n.e164 from notes join numbers n on n.id = notes.number_id')).rows.map(
            (r) => r.e164,
          )
        } finally {
          await d.end()
        }
      }
    }

    const first = await startServer(env)
    const token = await devSignIn(first.url, '+4915199990001')
    const acked: string[] = []
    let next = 1
    let stop = false
    // Four writers, each waiting for its answer before the next write, as clients do.
    const writer = async () => {
      while (!stop) {
        const phone = `+4930${String(next++).padStart(8, '0')}`
        const res = await fetch(`${first.url}/api/v7/notice/add`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ phone, text: `note ${phone}` }),
        }).catch(() => null)
        if (res?.ok) acked.push(phone)
        else if (res) throw new Error(`a write was refused: ${res.status} ${await res.text()}`)
      }
    }
    const writers = Array.from({ length: 4 }, writer)
    while (acked.length < 60) await new Promise((r) => setTimeout(r, 20))
    first.child.kill('SIGKILL')
    await first.exited
    stop = true
    await Promise.all(writers)
    const ackedAtKill = [...acked]

    // Started again at once on the same data: not refused for the dead process's lock.
    const second = await startServer(env)
    const health = await (await fetch(`${second.url}/api/health`)).json()
    expect(health).toMatchObject({ status: true, data: { db: 'ok' } })
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)

    const stored = new Set(await acknowledged())
    expect(ackedAtKill.length).toBeGreaterThanOrEqual(60)
    expect(ackedAtKill.filter((p) => !stored.has(p))).toEqual([])
  }, 300_000)
})
