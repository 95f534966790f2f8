/**
 * `npx tsx bench/carddav.ts [--cards 100000] [--router 2000] [--batch 100]`: a full CardDAV sync
 * over real HTTP (issue 32), our server against Radicale serving the same cards in the same run,
 * each server in its own process and alone on the machine while measured, the client
 * (bench/carddav-client.ts, the flow of DAVx5 and vdirsyncer) in a third.
 *
 *   router book   a `router` device with max_entries `--router`: the community book capped there
 *   whole book    a `phone` device (no cap): the community book with `--cards` numbers listed
 *   unchanged     sync-collection with the last sync-token: one round trip, no card
 *
 * A full sync is PROPFIND Depth 0 on the book (getctag, sync-token), REPORT sync-collection with
 * an empty token (hrefs and ETags), then REPORT addressbook-multiget of `--batch` hrefs at a time
 * with address-data until every card is fetched. Each server gets one warm-up sync (ours builds
 * and caches the book, Radicale fills its item cache) and the second is the figure: its wall
 * time, the server process's resident memory before it and at its peak during it (VmHWM of
 * /proc/<pid>/status after resetting it through clear_refs, and VmRSS sampled every 5 ms), the
 * CPU time the server took (user + system) and how busy the machine was meanwhile (others'
 * work on a shared machine shows there, not in the server's CPU time).
 *
 * The cards Radicale serves are those our server sent in its warm-up sync, written as they came
 * into a Radicale filesystem storage (collection-root/<user>/<book>/, one `{name}.vcf` each;
 * under /dev/shm when there is one, since Radicale fsyncs each cache file of its warm-up);
 * afterwards the cards of both measured syncs are compared: the same names and the same content
 * lines (Radicale sends each card as vobject writes it again, its lines in another order, so
 * byte-identical cards are counted but not expected) and the same TEL lines.
 *
 * The database (`cid_bench_dav_v1_<cards>` on BENCH_DATABASE_URL's server, default
 * postgres://postgres@127.0.0.1:5432/test) is built on first use and kept: `--cards` numbers,
 * each in a block of 100 of its own (one card each), with imported reports enough to be listed
 * (4 to 1,003 votes), a user and, each run, a new router and phone device password.
 * Radicale is the Debian package's (`/usr/bin/python3 -m radicale`; RADICALE_PYTHON to change).
 *
 * `ok`/`MISS` lines go to stderr, a JSON summary line to stdout; the exit code is non-zero only
 * when something failed, never for a MISS. bench/run.ts may call `benchCardDav`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openPostgres, rowsOf } from '../server/db/client'
import { devicePasswords, users } from '../server/db/schema'
import { seedTags } from '../server/db/seed-tags'
import { refreshBlocklist, refreshBlocklistJob } from '../server/modules/blocklist/repository'
import { devicePasswordHash, newDevicePassword } from '../server/plugins/device-auth'
import { freePort } from '../tests/support/free-port'
import { untilHealthy } from '../tests/support/until-healthy'
import type { ClientOptions, ClientResult } from './carddav-client'
import { productionEnv } from './production-env'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** Bump when the seed changes: the kept databases are rebuilt under a new name. */
const SEED_VERSION = 1
const USER_PHONE = '+4915199900001'
const DEVICE_NAME = 'bench carddav'
/** The ratings' tags the seeded reports carry, in turn. */
const TAGS = ['fraud', 'spam', 'advertising', 'poll', 'ping', 'gambling', 'robocall']

export interface CardDavOptions {
  /** Numbers listed in the community book, each its own card (default 100,000). */
  cards?: number
  /** The router device's max_entries (default 2,000). */
  router?: number
  /** Hrefs per addressbook-multiget (default 100). */
  batch?: number
  /** The PostgreSQL server whose kept database is used (default BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test). */
  adminUrl?: string
  log?: (line: string) => void
  /** Called with each figure as it is measured (bench/run.ts passes its own). */
  figure?: (name: string, value: string, target: string, ok: boolean) => void
}

/**
 * Resident memory of a server process around one sync, MB, the CPU time it took meanwhile
 * (user + system, s), and how busy the machine's CPUs were meanwhile (0–1, every process).
 */
export interface Memory {
  beforeMb: number
  peakMb: number
  cpuSeconds: number
  machineBusy: number
}

export interface SyncFigures {
  cards: number
  seconds: number
  requests: number
  bytes: number
  steps: Record<string, number>
  memory: Memory
  /** The warm-up sync (ours: the book built then). */
  warmUp: { seconds: number; memory: Memory }
}

export interface CardDavResult {
  cards: number
  router: number
  batch: number
  load: { before: number[]; after: number[] }
  router_book: { ours: SyncFigures; radicale: SyncFigures }
  whole_book: { ours: SyncFigures; radicale: SyncFigures }
  unchanged: {
    ours: Array<{ book: string; requests: number; changed: number; ms: number }>
    radicale: Array<{ book: string; requests: number; changed: number; ms: number }>
  }
  /** Cards compared; byte-identical; with the same content lines in some order (Radicale writes them in its own); with other TEL lines. */
  same: { compared: number; identical: number; sameLines: number; telDifferent: number }
  radicaleVersion: string
  figures: Array<{ name: string; value: string; target: string; ok: boolean }>
}

const mb = (kb: number) => kb / 1024
const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits })

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (!m) throw new Error(`no ${field} in /proc/${pid}/status`)
  return Number(m[1])
}

const TICKS_PER_SECOND = 100
/** The CPU time a process (all its threads) took so far, s: utime + stime of /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  // After the command's closing parenthesis: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

/** The machine's CPU time so far, busy and in all (jiffies, every CPU), from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)
  const n = fields.map(Number)
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0)
  return { busy: total - n[3] - n[4], total }
}

/** Watches a process from now: its RSS now, its peak until `stop`, the CPU time it takes and how busy the machine is. */
function watchMemory(pid: number): { stop(): Memory } {
  const before = statusKb(pid, 'VmRSS')
  const cpuBefore = cpuSeconds(pid)
  const machineBefore = machineTicks()
  let reset = true
  try {
    // 5 resets the peak resident set size (VmHWM) to the current one (Linux 4.0+).
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
  } catch {
    reset = false
  }
  let peak = before
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, statusKb(pid, 'VmRSS'))
    } catch {
      /* the process is gone: stop() says so */
    }
  }, 5)
  return {
    stop() {
      clearInterval(timer)
      if (reset) peak = Math.max(peak, statusKb(pid, 'VmHWM'))
      peak = Math.max(peak, statusKb(pid, 'VmRSS'))
      const machine = machineTicks()
      const machineBusy = (machine.busy - machineBefore.busy) / Math.max(1, machine.total - machineBefore.total)
      return { beforeMb: mb(before), peakMb: mb(peak), cpuSeconds: cpuSeconds(pid) - cpuBefore, machineBusy }
    },
  }
}

interface Running {
  url: string
  pid: number
  stop(): Promise<void>
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
}

/** Our server in production mode in its own process (one process, as bench/run.ts's startApp), on the prepared database. */
async function startOurs(databaseUrl: string, log: (line: string) => void): Promise<Running> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/app-server.ts'], {
    cwd: root,
    env: { ...process.env, ...productionEnv(port), DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const base = `http://127.0.0.1:${port}`
  try {
    for (let i = 0; !/is running at/.test(output); i++) {
      if (child.exitCode !== null || i > 1200) throw new Error(`our server did not come up:\n${output}`)
      await new Promise((r) => setTimeout(r, 100))
    }
    await untilHealthy(`${base}/api/health`, child, () => output)
  } catch (err) {
    await stopper(child)()
    throw err
  }
  return {
    url: base,
    pid: child.pid!,
    stop: async () => {
      await stopper(child)()
      const errors = output.split('\n').filter((l) => /"level":5\d/.test(l))
      if (errors.length) log(`server errors (${errors.length}), the first: ${errors[0].slice(0, 400)}`)
    },
  }
}

const radicalePython = () => process.env.RADICALE_PYTHON ?? (fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3')

function radicaleVersion(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(radicalePython(), ['-m', 'radicale', '--version'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0
        ? resolve(out.trim())
        : reject(new Error(`Radicale is missing (${radicalePython()} -m radicale: ${out.trim()}); apt-get install -y radicale`)),
    )
  })
}

/** Radicale on its filesystem storage, no authentication (the Basic user name is the user), warnings only, no other configuration file. */
async function startRadicale(folder: string): Promise<Running> {
  const port = await freePort()
  const child = spawn(
    radicalePython(),
    [
      '-m',
      'radicale',
      '--config',
      '',
      '--storage-filesystem-folder',
      folder,
      '--server-hosts',
      `127.0.0.1:${port}`,
      '--auth-type',
      'none',
      '--logging-level',
      'warning',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const base = `http://127.0.0.1:${port}`
  // Radicale answers its root (a redirect to its web page) once it listens.
  await untilHealthy(`${base}/.web/`, child, () => output, 30_000).catch(async (err) => {
    await stopper(child)()
    throw err
  })
  return { url: base, pid: child.pid!, stop: stopper(child) }
}

function runClient(opts: ClientOptions): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/carddav-client.ts', JSON.stringify(opts)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()!))
        : reject(new Error(`the CardDAV client exited ${code}: ${err.slice(0, 2000)}`)),
    )
  })
}

/** One client run while the server's memory is watched (from before its first request: the client process takes a second to start). */
async function measured(server: Running, opts: ClientOptions): Promise<{ result: ClientResult; memory: Memory }> {
  const running = runClient(opts)
  const watch = watchMemory(server.pid)
  try {
    const result = await running
    return { result, memory: watch.stop() }
  } catch (err) {
    watch.stop()
    throw err
  }
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

interface BenchDb {
  url: string
  userId: number
  phone: string
  routerPassword: string
  phonePassword: string
  /** Numbers listed in the community book now. */
  listed: number
}

/** The kept database with `cards` listed numbers, built on first use; new device passwords each run. */
async function benchDatabase(adminUrl: string, cards: number, router: number, log: (line: string) => void): Promise<BenchDb> {
  const name = `cid_bench_dav_v${SEED_VERSION}_${cards}`
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  const exists = (await admin.query(`select 1 from pg_database where datname = $1`, [name])).rowCount! > 0
  if (!exists) await admin.query(`create database ${name}`)
  await admin.end()
  const dropIt = async () => {
    const again = new pg.Client({ connectionString: adminUrl })
    await again.connect()
    await again.query(`drop database if exists ${name} with (force)`)
    await again.end()
  }
  const database = await openPostgres(url.toString()).catch(async (err) => {
    if (!exists) await dropIt()
    throw err
  })
  const { db } = database
  try {
    if (!exists) {
      const started = Date.now()
      log(`building ${name} (kept for later runs)…`)
      try {
        await seedTags(db)
        await db.insert(users).values({ phone: USER_PHONE, firstName: 'Bench CardDAV' })
        // One number per block of 100 (each its own card): Berlin numbers +49 30 1xxx xx yy.
        await db.execute(sql`
          insert into numbers (e164, country)
          select '+4930' || (10000000 + g * 100 + (g * 7) % 100)::text, 'DE' from generate_series(0, ${cards - 1}::int) g
          on conflict (e164) do nothing`)
        // One imported report each, 4 to 1,003 votes (listed), its tag one of TAGS in turn.
        await db.execute(sql`
          insert into imported_evidence (number_id, source, tag_id, label, votes, last_seen)
          select n.id, 'bench-dav', t.id, t.code, 4 + (n.id::bigint * 7919) % 1000, now() - (n.id % 30) * interval '1 day'
          from numbers n join tags t on t.code = (${sql.raw(`array[${TAGS.map((t) => `'${t}'`).join(',')}]`)})[1 + n.id % ${TAGS.length}]
          where n.e164 like '+4930%'
          on conflict do nothing`)
        const refreshed = await refreshBlocklist(db, { full: true })
        log(`  blocklist refreshed: ${fmt(refreshed.checked)} numbers`)
        await db.execute(sql`analyze`)
      } catch (err) {
        await database.close()
        await dropIt()
        throw err
      }
      log(`built ${name} in ${((Date.now() - started) / 1000).toFixed(0)} s`)
    }
    // As the server's job would within a minute (every number once a day): done now, not while measuring.
    const refreshed = await refreshBlocklistJob(db)
    if (refreshed.checked) log(`blocklist refreshed: ${fmt(refreshed.checked)} numbers, ${refreshed.changed} changed`)
    const [user] = rowsOf<{ id: number }>(await db.execute(sql`select id from users where phone = ${USER_PHONE}`))
    const userId = Number(user.id)
    await db.delete(devicePasswords).where(sql`${devicePasswords.name} like ${`${DEVICE_NAME}%`}`)
    const routerPassword = newDevicePassword()
    const phonePassword = newDevicePassword()
    await db.insert(devicePasswords).values([
      { userId, name: `${DEVICE_NAME} router`, kind: 'router', maxEntries: router, secretHash: devicePasswordHash(routerPassword) },
      { userId, name: `${DEVICE_NAME} phone`, kind: 'phone', maxEntries: null, secretHash: devicePasswordHash(phonePassword) },
    ])
    const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from blocklist_entries where listed`))
    return { url: url.toString(), userId, phone: USER_PHONE, routerPassword, phonePassword, listed: Number(count.n) }
  } finally {
    await database.close().catch(() => {})
  }
}

interface Digest {
  name: string
  sha1: string
  lines: string
  tels: string
}
const readDigest = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Digest[]

export async function benchCardDav(options: CardDavOptions = {}): Promise<CardDavResult> {
  const cards = options.cards ?? 100_000
  const router = options.router ?? 2000
  const batch = options.batch ?? 100
  const adminUrl = options.adminUrl ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`))
  const figures: CardDavResult['figures'] = []
  const figure = (name: string, value: string, target: string, ok: boolean) => {
    figures.push({ name, value, target, ok })
    if (options.figure) options.figure(name, value, target, ok)
    else log(`${ok ? 'ok  ' : 'MISS'} ${name}: ${value} (target ${target})`)
  }

  const version = await radicaleVersion()
  const bench = await benchDatabase(adminUrl, cards, router, log)
  if (bench.listed !== cards)
    throw new Error(`the community book lists ${bench.listed} numbers, not ${cards}: drop the database for it to be built again`)
  // In memory when it can be (Radicale fsyncs every cache file it writes in its warm-up: 100,000 of them on a shared disk).
  const work = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'callerid-bench-carddav-'))
  const storage = path.join(work, 'radicale')
  const user = String(bench.userId)
  const cases = [
    {
      key: 'router_book' as const,
      label: `router book (${fmt(Math.min(router, cards))} cards)`,
      password: bench.routerPassword,
      folder: 'router',
      expected: Math.min(router, cards),
    },
    {
      key: 'whole_book' as const,
      label: `whole community book (${fmt(cards)} cards)`,
      password: bench.phonePassword,
      folder: 'community',
      expected: cards,
    },
  ]
  const loadBefore = os.loadavg()
  log(
    `CardDAV: our server vs Radicale ${version}, ${batch} cards per multiget; the second of two full syncs measured; load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
  )

  type Measured = { sync: SyncFigures; token: string | null; digest: string }
  const ours: Partial<Record<(typeof cases)[number]['key'], Measured>> = {}
  const theirs: Partial<Record<(typeof cases)[number]['key'], Measured>> = {}
  const unchanged: CardDavResult['unchanged'] = { ours: [], radicale: [] }

  const syncTwice = async (
    server: Running,
    c: (typeof cases)[number],
    opts: Omit<ClientOptions, 'mode' | 'batch'>,
    side: string,
  ): Promise<Measured> => {
    const digest = path.join(work, `${side}-${c.folder}.json`)
    const first = await measured(server, {
      ...opts,
      mode: 'full',
      batch,
      write: side === 'ours' ? path.join(storage, 'collection-root', user, c.folder) : undefined,
    })
    const second = await measured(server, { ...opts, mode: 'full', batch, out: digest })
    for (const [name, r] of [
      ['warm-up', first.result],
      ['measured', second.result],
    ] as const) {
      if (r.listed !== c.expected || r.fetched !== c.expected || r.missing)
        throw new Error(
          `${side} ${c.label}, ${name} sync: ${r.listed} listed, ${r.fetched} fetched, ${r.missing} without data; ${c.expected} expected`,
        )
    }
    log(
      `  ${side} ${c.label}: warm-up ${(first.result.ms / 1000).toFixed(2)} s (peak ${fmt(first.memory.peakMb)} MB), measured ${(second.result.ms / 1000).toFixed(2)} s (server CPU ${second.memory.cpuSeconds.toFixed(2)} s); ${second.result.requests} requests, ${fmt(second.result.bytes / 2 ** 20, 1)} MiB; ${Object.entries(
        second.result.steps,
      )
        .map(([k, v]) => `${k} ${fmt(v)} ms`)
        .join(
          ', ',
        )}; RSS ${fmt(second.memory.beforeMb)} → peak ${fmt(second.memory.peakMb)} MB; machine ${fmt(second.memory.machineBusy * 100)}% busy`,
    )
    return {
      token: second.result.token,
      digest,
      sync: {
        cards: second.result.fetched,
        seconds: second.result.ms / 1000,
        requests: second.result.requests,
        bytes: second.result.bytes,
        steps: second.result.steps,
        memory: second.memory,
        warmUp: { seconds: first.result.ms / 1000, memory: first.memory },
      },
    }
  }

  const unchangedSync = async (server: Running, book: string, authorization: string, token: string | null, label: string) => {
    if (!token) throw new Error(`no sync-token from the ${label}`)
    const r = await runClient({ base: server.url, book, authorization, mode: 'unchanged', token })
    return { book: label, requests: r.requests, changed: r.changed, ms: r.ms }
  }

  let running: Running | null = null
  let loadAfter: number[] = []
  let compared = 0
  let identical = 0
  let sameLines = 0
  let telDifferent = 0
  try {
    // Ours, alone.
    running = await startOurs(bench.url, log)
    const ourBook = `/carddav/books/${bench.userId}/community/`
    for (const c of cases) {
      const authorization = basic(bench.phone.slice(1), c.password)
      ours[c.key] = await syncTwice(running, c, { base: running.url, book: ourBook, authorization }, 'ours')
      unchanged.ours.push(await unchangedSync(running, ourBook, authorization, ours[c.key]!.token, c.label))
    }
    await running.stop()
    running = null

    // Radicale, alone, on the cards ours sent.
    for (const c of cases)
      fs.writeFileSync(path.join(storage, 'collection-root', user, c.folder, '.Radicale.props'), JSON.stringify({ tag: 'VADDRESSBOOK' }))
    running = await startRadicale(storage)
    for (const c of cases) {
      const book = `/${user}/${c.folder}/`
      const authorization = basic(user, 'x')
      theirs[c.key] = await syncTwice(running, c, { base: running.url, book, authorization }, 'radicale')
      unchanged.radicale.push(await unchangedSync(running, book, authorization, theirs[c.key]!.token, c.label))
    }
    await running.stop()
    running = null
    loadAfter = os.loadavg()

    // The same cards on both servers.
    for (const c of cases) {
      const a = new Map(readDigest(ours[c.key]!.digest).map((d) => [d.name, d]))
      const b = readDigest(theirs[c.key]!.digest)
      if (b.length !== a.size) throw new Error(`${c.label}: ours sent ${a.size} cards, Radicale ${b.length}`)
      for (const d of b) {
        const mine = a.get(d.name)
        if (!mine) throw new Error(`${c.label}: Radicale sent ${d.name}, ours did not`)
        compared++
        if (mine.sha1 === d.sha1) identical++
        if (mine.lines === d.lines) sameLines++
        if (mine.tels !== d.tels) telDifferent++
      }
    }
  } finally {
    await running?.stop()
    fs.rmSync(work, { recursive: true, force: true })
  }

  const side = (s: SyncFigures) =>
    `${s.seconds.toFixed(2)} s (CPU ${s.memory.cpuSeconds.toFixed(2)} s), peak ${fmt(s.memory.peakMb)} MB (${fmt(s.memory.beforeMb)} MB before)`
  for (const c of cases) {
    const o = ours[c.key]!.sync
    const r = theirs[c.key]!.sync
    figure(`CardDAV ${c.label}, full sync`, `ours ${side(o)}; Radicale ${side(r)}`, 'ours at least as fast', o.seconds <= r.seconds)
  }
  const oneTrip = unchanged.ours.every((u) => u.requests === 1 && u.changed === 0)
  figure(
    'CardDAV unchanged sync (ours)',
    unchanged.ours.map((u) => `${u.book}: ${u.requests} round trip, ${u.changed} cards, ${fmt(u.ms, 1)} ms`).join('; '),
    '1 round trip, no card',
    oneTrip,
  )
  figure(
    'CardDAV same cards on both servers',
    `${fmt(compared)} cards: ${fmt(identical)} byte-identical, ${fmt(sameLines)} with the same lines in some order, ${telDifferent} with other TEL lines`,
    'every card, the same lines',
    sameLines === compared && telDifferent === 0,
  )

  return {
    cards,
    router,
    batch,
    load: { before: loadBefore, after: loadAfter },
    router_book: { ours: ours.router_book!.sync, radicale: theirs.router_book!.sync },
    whole_book: { ours: ours.whole_book!.sync, radicale: theirs.whole_book!.sync },
    unchanged,
    same: { compared, identical, sameLines, telDifferent },
    radicaleVersion: version,
    figures,
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      cards: { type: 'string', default: '100000' },
      router: { type: 'string', default: '2000' },
      batch: { type: 'string', default: '100' },
    },
  })
  const log = (line: string) => process.stderr.write(`${line}\n`)
  log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`)
  try {
    const result = await benchCardDav({ cards: Number(values.cards), router: Number(values.router), batch: Number(values.batch), log })
    log(
      `load average before ${result.load.before.map((l) => l.toFixed(2)).join(' ')}, after ${result.load.after.map((l) => l.toFixed(2)).join(' ')}`,
    )
    process.stdout.write(`${JSON.stringify(result)}\n`)
    process.exit(0)
  } catch (err) {
    log(`failed: ${(err as Error).stack ?? String(err)}`)
    process.exit(1)
  }
}
