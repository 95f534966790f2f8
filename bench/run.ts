/**
 * `npm run bench`: the look-up of a number's page (GET /api/v202505/search/{number}) over
 * real HTTP, each figure as a ratio against a reference measured in the same run, the
 * server and the load generator (autocannon) each in their own process.
 *
 *   P1  search vs a bare Fastify route, PostgreSQL with Redis (≥ 0.20) and embedded PGlite (≥ 0.05)
 *   P2  search p99 with 1M / 10M numbers vs with the 13k of the PhoneBlock list (≤ 1.5×)
 *   P3  100 connections × 10 pipelined: no timeouts, only 200/429/503 (+Retry-After), p99 of 200s < 1 s
 *   P4  import of a 1,000,000-row FTC file into PostgreSQL (≥ 50,000 rows/s, < 512 MB, re-import a no-op)
 *   Scale-out  search req/s with 1 and 2 server processes on PostgreSQL
 *
 * Options: --numbers 1000000[,10000000]  --only p1,p2,p3,p4,scale  --seconds 10
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the server whose
 * databases `cid_bench_*` it creates and keeps between runs (the big ones take minutes to build);
 * BENCH_REDIS_URL (default redis://127.0.0.1:6379) the Redis its PostgreSQL servers share.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { openPglite, openPostgres, rowsOf, type Database } from '../server/db/client'
import { openSession } from '../server/modules/auth/sessions'
import { createTokenService } from '../server/modules/auth/tokens'
import { freePort } from '../tests/support/free-port'
import { untilHealthy } from '../tests/support/until-healthy'
import { countNumbers, growTo, SEARCHED, seedCommunity } from './seed'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const { values } = parseArgs({
  options: {
    numbers: { type: 'string', default: '1000000' },
    only: { type: 'string', default: 'p1,p2,p3,p4,scale' },
    seconds: { type: 'string', default: '10' },
    rows: { type: 'string', default: '1000000' },
  },
})
const only = new Set(values.only!.split(','))
const duration = Number(values.seconds)
const bigSizes = values.numbers!.split(',').filter(Boolean).map(Number)
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
/** The Redis the PostgreSQL servers share, as production runs them (REDIS_URL): P1 and the scale-out. P2 and P3 measure the database path, without it. */
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123'
/** Bump when the seed changes: the kept databases are rebuilt under a new name. */
const SEED_VERSION = 1
const log = (line: string) => process.stderr.write(`${line}\n`)

interface LoadResult {
  rps: number
  p50: number
  p99: number
  okRps: number
  okP50: number | null
  okP99: number | null
  total: number
  statuses: Record<string, number>
  retryAfter: Record<string, number>
  timeouts: number
  errors: number
}

function node(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
}

/** Runs the load generator in its own process, after 2 s of the same load that is not counted (JIT, prepared statements, kept pages). */
async function load(opts: { url: string; connections?: number; pipelining?: number; headers?: Record<string, string>; seconds?: number }): Promise<LoadResult> {
  await loadOnce({ ...opts, seconds: 2, connections: Math.min(opts.connections ?? 10, 10), pipelining: 1 })
  return loadOnce(opts)
}

function loadOnce(opts: { url: string; connections?: number; pipelining?: number; headers?: Record<string, string>; seconds?: number }): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = node(['bench/load.ts', JSON.stringify({ connections: 10, duration: opts.seconds ?? duration, ...opts })])
    let out = ''
    child.stdout!.on('data', (d) => (out += d))
    child.stderr!.on('data', (d) => process.stderr.write(d))
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`load generator exited ${code}`))))
  })
}

interface Running {
  url: string
  stop(): Promise<void>
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
}

async function startBare(): Promise<Running> {
  const child = node(['bench/bare-server.ts'])
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      const m = /port (\d+)/.exec(String(d))
      if (m) resolve(Number(m[1]))
    })
    child.on('exit', (code) => reject(new Error(`bare server exited ${code}`)))
  })
  return { url: `http://127.0.0.1:${port}/bare`, stop: stopper(child) }
}

/** The real server (production settings) in its own process(es) on a prepared database. */
async function startApp(db: { DATABASE_URL?: string; DATA_DIR?: string }, processes = 1, extra: NodeJS.ProcessEnv = {}): Promise<Running> {
  const port = await freePort()
  const child = node(['bench/app-server.ts'], {
    NODE_ENV: 'production',
    JWT_SECRET,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    WEB_CONCURRENCY: String(processes),
    // The bench measures the search, not the per-user rate limit (P3 sets its own).
    RATE_LIMIT_PER_MINUTE: '100000000',
    RENEWAL_INTERVAL_MINUTES: '0',
    FOF_EXPIRY_INTERVAL_MINUTES: '0',
    PURGE_INTERVAL_MINUTES: '0',
    DATABASE_URL: '',
    DATA_DIR: '',
    REDIS_URL: '',
    ...db,
    ...extra,
  })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const base = `http://127.0.0.1:${port}`
  // Up when every process listens: the primary says so once.
  for (let i = 0; !/is running at/.test(output); i++) {
    if (child.exitCode !== null || i > 1200) throw new Error(`the server did not come up:\n${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  await untilHealthy(`${base}/api/health`, child, () => output)
  return { url: base, stop: stopper(child) }
}

async function admin<T = unknown>(statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return (await client.query(statement)).rows as T[]
  } finally {
    await client.end()
  }
}

function urlOf(name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** A kept PostgreSQL database with the community and at least `numbers` numbers; built on first use. */
async function benchPostgres(numbers: number): Promise<{ url: string; ownerId: number }> {
  const name = `cid_bench_v${SEED_VERSION}_${numbers}`
  const exists = (await admin<{ n: number }>(`select count(*)::int as n from pg_database where datname = '${name}'`))[0].n > 0
  let database: Database
  if (!exists) {
    const started = Date.now()
    log(`building ${name} (kept for later runs)…`)
    await admin(`create database ${name}`)
    try {
      database = await openPostgres(urlOf(name))
      const { ownerId } = await seedCommunity(database.db)
      if (numbers > 13_000) await growTo(database.db, numbers, log)
      await database.db.execute(sql`create table bench_meta (owner_id int not null)`)
      await database.db.execute(sql`insert into bench_meta values (${ownerId})`)
      await database.db.execute(sql`analyze`)
    } catch (err) {
      await admin(`drop database if exists ${name} with (force)`)
      throw err
    }
    log(`built ${name} in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  } else {
    database = await openPostgres(urlOf(name))
  }
  // Every run starts from the same history, so runs compare.
  await database.db.execute(sql`truncate search_history`)
  const [meta] = rowsOf<{ owner_id: number }>(await database.db.execute(sql`select owner_id from bench_meta`))
  log(`${name}: ${(await countNumbers(database.db)).toLocaleString('en')} numbers`)
  await database.close()
  return { url: urlOf(name), ownerId: meta.owner_id }
}

/** A token of the searched number's owner, in a new session. */
async function ownerToken(database: Database, ownerId: number): Promise<string> {
  return openSession(database.db, createTokenService(JWT_SECRET), ownerId, 'bench')
}

async function postgresToken(url: string, ownerId: number) {
  const database = await openPostgres(url, 2)
  try {
    return await ownerToken(database, ownerId)
  } finally {
    await database.close()
  }
}

const searchPath = `/api/v202505/search/${SEARCHED.slice(1)}`
const auth = (token: string) => ({ authorization: `Bearer ${token}` })
const fmt = (n: number | null | undefined, digits = 0) => (n === null || n === undefined ? '–' : n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits }))

interface Figure {
  name: string
  value: string
  target: string
  ok: boolean
}
const figures: Figure[] = []
const figure = (name: string, value: string, target: string, ok: boolean) => {
  figures.push({ name, value, target, ok })
  log(`${ok ? 'ok  ' : 'MISS'} ${name}: ${value} (target ${target})`)
}

const loadBefore = os.loadavg()
log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`)
log(`${duration} s per measurement, 10 connections unless said otherwise; the load generator runs in its own process`)

let bareRps = 0
if (only.has('p1') || only.has('scale')) {
  const bare = await startBare()
  const r = await load({ url: bare.url })
  await bare.stop()
  bareRps = r.rps
  log(`bare Fastify route: ${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`)
}

const small = only.has('p1') || only.has('p2') || only.has('p3') || only.has('scale') ? await benchPostgres(13_000) : null
let smallP99 = 0

if (only.has('p1')) {
  const token = await postgresToken(small!.url, small!.ownerId)
  const app = await startApp({ DATABASE_URL: small!.url }, 1, { REDIS_URL: redisUrl })
  const r = await load({ url: app.url + searchPath, headers: auth(token) })
  await app.stop()
  figure('P1 PostgreSQL + Redis search / bare', `${(r.rps / bareRps).toFixed(3)} (${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, answers ${JSON.stringify(r.statuses)})`, '≥ 0.20', r.rps / bareRps >= 0.2)
}

if (only.has('p1') || only.has('p2')) {
  // Without Redis no process keeps answers (ADR 0037): every search runs its statement. P2's reference.
  const token = await postgresToken(small!.url, small!.ownerId)
  const app = await startApp({ DATABASE_URL: small!.url })
  const r = await load({ url: app.url + searchPath, headers: auth(token) })
  await app.stop()
  smallP99 = r.p99
  const ofBare = bareRps > 0 ? ` (${(r.rps / bareRps).toFixed(3)} of bare)` : ''
  log(`PostgreSQL without Redis, every search its statement: ${fmt(r.rps)} req/s${ofBare}, p50 ${r.p50} ms, p99 ${r.p99} ms`)
}

if (only.has('p1')) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-bench-'))
  log('building the embedded database…')
  const database = await openPglite(dataDir)
  const { ownerId } = await seedCommunity(database.db)
  const token = await ownerToken(database, ownerId)
  await database.close()
  const app = await startApp({ DATA_DIR: dataDir })
  const r = await load({ url: app.url + searchPath, headers: auth(token) })
  await app.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
  figure('P1 PGlite search / bare', `${(r.rps / bareRps).toFixed(3)} (${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, answers ${JSON.stringify(r.statuses)})`, '≥ 0.05', r.rps / bareRps >= 0.05)
}

if (only.has('p2')) {
  for (const size of bigSizes) {
    const big = await benchPostgres(size)
    const token = await postgresToken(big.url, big.ownerId)
    const app = await startApp({ DATABASE_URL: big.url })
    const r = await load({ url: app.url + searchPath, headers: auth(token) })
    await app.stop()
    figure(`P2 p99 with ${fmt(size)} numbers / with 13k`, `${(r.p99 / smallP99).toFixed(2)} (p99 ${r.p99} ms vs ${smallP99} ms; ${fmt(r.rps)} req/s)`, '≤ 1.5', r.p99 / smallP99 <= 1.5)
  }
}

if (only.has('p3')) {
  const token = await postgresToken(small!.url, small!.ownerId)
  // Without Redis: every search runs its statement, so the database is what overloads (ADR 0037).
  const app = await startApp({ DATABASE_URL: small!.url })
  const r = await load({ url: app.url + searchPath, headers: auth(token), connections: 100, pipelining: 10, seconds: 10 })
  const unexpected = Object.entries(r.statuses).filter(([s]) => !['200', '429', '503'].includes(s))
  const refusedWithout = (r.retryAfter['429:without'] ?? 0) + (r.retryAfter['503:without'] ?? 0)
  // Healthy again: how long until a search is answered 200, asking every 50 ms.
  const started = Date.now()
  let after = await fetch(app.url + searchPath, { headers: auth(token) })
  while (after.status !== 200 && Date.now() - started < 5000) {
    await new Promise((r) => setTimeout(r, 50))
    after = await fetch(app.url + searchPath, { headers: auth(token) })
  }
  const afterMs = Date.now() - started
  await app.stop()
  log(`P3 answers: ${JSON.stringify(r.statuses)}, timeouts ${r.timeouts}, errors ${r.errors}`)
  figure('P3 timeouts', String(r.timeouts), '0', r.timeouts === 0)
  figure('P3 answers other than 200/429/503', unexpected.length ? JSON.stringify(Object.fromEntries(unexpected)) : 'none', 'none', unexpected.length === 0)
  figure('P3 refusals without Retry-After', String(refusedWithout), '0', refusedWithout === 0)
  figure('P3 p99 of the 200s', `${fmt(r.okP99)} ms (${fmt(r.okRps)} answered req/s, p50 ${fmt(r.okP50)} ms)`, '< 1,000 ms', r.okP99 !== null && r.okP99 < 1000)
  figure('P3 healthy afterwards', `first 200 after ${afterMs} ms`, '< 1,000 ms', after.status === 200 && afterMs < 1000)
}

if (only.has('p4')) {
  const child = node(['bench/import.ts', '--rows', values.rows!])
  let out = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => process.stderr.write(d))
  const code = await new Promise<number | null>((r) => child.on('exit', r))
  if (code !== 0) {
    figure('P4 import', `failed (exit ${code})`, '≥ 50,000 rows/s', false)
  } else {
    const r = JSON.parse(out.trim().split('\n').pop()!) as { rows: number; rowsPerSecond: number; peakRssMb: number; seconds: number; secondSeconds: number; secondChanged: number }
    figure(`P4 import of ${fmt(r.rows)} FTC rows`, `${fmt(r.rowsPerSecond)} rows/s (${r.seconds.toFixed(1)} s)`, '≥ 50,000 rows/s', r.rowsPerSecond >= 50_000)
    figure('P4 import peak memory', `${fmt(r.peakRssMb)} MB`, '< 512 MB', r.peakRssMb < 512)
    figure('P4 second import', `${r.secondChanged} rows changed in ${r.secondSeconds.toFixed(1)} s`, 'no-op, fast', r.secondChanged === 0 && r.secondSeconds < r.seconds / 2)
  }
}

if (only.has('scale')) {
  const token = await postgresToken(small!.url, small!.ownerId)
  const results: LoadResult[] = []
  for (const processes of [1, 2]) {
    const app = await startApp({ DATABASE_URL: small!.url }, processes, { REDIS_URL: redisUrl })
    results.push(await load({ url: app.url + searchPath, headers: auth(token) }))
    await app.stop()
  }
  const [one, two] = results
  figure('Scale-out search req/s, 1 → 2 processes', `${fmt(one.rps)} → ${fmt(two.rps)} (×${(two.rps / one.rps).toFixed(2)}; 2 processes / bare ${(two.rps / bareRps).toFixed(3)})`, 'reported', true)
}

const loadAfter = os.loadavg()
log('')
log(`| figure | measured | target | |`)
log(`|---|---|---|---|`)
for (const f of figures) log(`| ${f.name} | ${f.value} | ${f.target} | ${f.ok ? 'met' : 'MISSED'} |`)
log(`\nload average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`)
process.exit(figures.every((f) => f.ok) ? 0 : 1)
