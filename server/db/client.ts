import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import lockfile from 'proper-lockfile'
import { PGlite } from '@electric-sql/pglite'
import crypto from 'node:crypto'
import { fillPlaceholders, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { dumpPglite } from './backup'
import * as schema from './schema'
import { LOCKS } from './locks'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /**
   * Runs `fn` unless another server process runs a task under the same key right now
   * (PostgreSQL advisory lock); null when it was skipped. PGlite has one process only.
   */
  exclusive<T>(key: number, fn: () => Promise<T>): Promise<T | null>
  /**
   * LISTEN on `channel` (server/db/change-feed.ts): `notice` gets each payload sent there, `live`
   * whether notices arrive now (false while a lost connection is made again; every notice of that
   * time is missed). Resolves once listening; the function it gives stops.
   */
  listen(channel: string, notice: (payload: string) => void, live: (on: boolean) => void): Promise<() => Promise<void>>
  /** The embedded database only: writes a consistent backup to `file` (server/db/backup.ts); its size in bytes. */
  backup?(file: string): Promise<number>
  close(): Promise<void>
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export class DataDirLockedError extends Error {}
/** A restore was pointed at a folder that already holds a database. */
export class DataDirNotEmptyError extends Error {}

/** The process that holds a data folder's lock writes its pid here, so a crashed holder is recognised at once. */
const OWNER_FILE = 'server.pid'

/** Whether a process with this pid runs (EPERM: it runs, as another user). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The process recorded as holding a data folder's lock, and whether it still runs; null when none is recorded. */
export function lockOwner(dataDir: string): { pid: number; alive: boolean } | null {
  let pid: number
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, OWNER_FILE), 'utf8').trim())
  } catch {
    return null
  }
  if (!Number.isInteger(pid) || pid <= 0) return null
  return { pid, alive: pid === process.pid || processAlive(pid) }
}

/**
 * The pid recorded by the lock's holder when that process is gone (SIGKILL, power
 * loss): its lock is stale and may be taken over now rather than after the lock
 * library's staleness timeout. Null while the holder runs or is unknown.
 */
function deadOwner(dataDir: string): number | null {
  const owner = lockOwner(dataDir)
  return owner && !owner.alive ? owner.pid : null
}

/**
 * Locks the data folder for this process. A lock left by a process that no longer
 * runs is taken over at once (issue 11: a restart after a crash waited 12–19 s); a
 * live holder, this process included, is refused.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lock = () => lockfile.lock(dataDir, { stale: 15_000, update: 5_000, realpath: false })
  let release: () => Promise<void>
  try {
    release = await lock()
  } catch (err) {
    if ((err as { code?: string }).code !== 'ELOCKED') throw err
    const dead = deadOwner(dataDir)
    if (dead === null) {
      throw new DataDirLockedError(
        `The data folder ${path.resolve(dataDir)} is in use by another running server. ` +
          'Stop that server, or set DATA_DIR to another folder.',
      )
    }
    console.warn(`Taking over the data folder lock of server process ${dead}, which is no longer running.`)
    // proper-lockfile's lock is the folder `<dataDir>.lock`; its unlock() only releases a lock this process holds.
    fs.rmSync(`${dataDir}.lock`, { recursive: true, force: true })
    release = await lock()
  }
  fs.writeFileSync(path.join(dataDir, OWNER_FILE), String(process.pid))
  return async () => {
    fs.rmSync(path.join(dataDir, OWNER_FILE), { force: true })
    await release()
  }
}

/** Array types whose values a statement of ours may answer (bool, int2, int4, int8, text, varchar, float4, float8, json, jsonb, uuid, numeric, timestamptz). */
const ANSWERED_ARRAY_TYPES = [1000, 1005, 1007, 1016, 1009, 1015, 1021, 1022, 199, 3807, 2951, 1231, 1185]

/**
 * PGlite copies its whole table of value parsers (about 320 types, most of them array types)
 * into a new object on every query that brings parsers of its own, and drizzle's every query
 * does: that copy was a fifth of the server's CPU under load on the embedded database
 * (docs/performance.md). The table keeps only the array types our statements answer as its own
 * entries and finds every other type through its prototype, so the copy is small. Statements
 * run without parsers of their own (preparedStatement) parse every type as before; through drizzle,
 * an array of another type (an enum's) comes as PostgreSQL's text, which drizzle's array
 * columns read themselves, as they read node-postgres's.
 */
function leanParsers(client: PGlite): void {
  const all = client.parsers
  const lean = Object.create(all) as typeof all
  for (const oid of ANSWERED_ARRAY_TYPES) if (all[oid]) lean[oid] = all[oid]
  client.parsers = lean
}

/**
 * Opens the embedded PGlite database in `dataDir` (or in memory when dataDir is
 * null), holding a lock so that a second process on the same folder fails fast
 * instead of corrupting it.
 */
export async function openPglite(dataDir: string | null, opts: { restoreFrom?: Buffer } = {}): Promise<Database> {
  let release: (() => Promise<void>) | undefined
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true })
    release = await lockDataDir(dataDir)
  }
  const pgdata = dataDir ? path.join(dataDir, 'pgdata') : undefined
  if (opts.restoreFrom && pgdata && fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) {
    await release?.()
    throw new DataDirNotEmptyError(
      `${path.resolve(dataDir!)} already holds a database; restore into an empty DATA_DIR (move the old one aside first)`,
    )
  }
  const client = new PGlite(pgdata, opts.restoreFrom ? { loadDataDir: new Blob([new Uint8Array(opts.restoreFrom)]) } : {})
  const db = drizzlePglite(client, { schema }) as unknown as Db
  await migratePglite(db as never, { migrationsFolder })
  leanParsers(client)
  return {
    db,
    kind: 'pglite',
    // The data folder lock already makes this process the only one on the database.
    exclusive: (_key, fn) => fn(),
    async listen(channel, notice, live) {
      const stop = await client.listen(channel, notice)
      live(true)
      return async () => {
        live(false)
        if (!client.closed) await stop()
      }
    },
    backup: (file) => dumpPglite(client, file),
    async close() {
      await client.close()
      await release?.()
    },
  }
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // Named statements (preparedStatement) are planned once per connection: PostgreSQL's default weighs a
  // custom plan at every bind, which took longer than running the search's statements (ADR 0050).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c plan_cache_mode=force_generic_plan' })
  // An idle connection dropped by the server (restart, failover) must not crash the
  // process: the pool replaces it on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`))
  await pool.query('select 1')
  const db = drizzlePg(pool, { schema }) as unknown as Db
  // Migrations from several servers starting at once must not race.
  const lockClient = await pool.connect()
  try {
    await lockClient.query('select pg_advisory_lock($1)', [LOCKS.migrate])
    await migratePg(db as never, { migrationsFolder })
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [LOCKS.migrate]).catch(() => {})
    lockClient.release()
  }
  return {
    db,
    kind: 'postgres',
    async exclusive<T>(key: number, fn: () => Promise<T>): Promise<T | null> {
      // A session lock lives on one connection: hold that connection while fn runs on the pool.
      const client = await pool.connect()
      let unlocked = true
      try {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key])
        if (!rows[0]?.locked) return null
        unlocked = false
        try {
          return await fn()
        } finally {
          unlocked = await client.query('select pg_advisory_unlock($1)', [key]).then(
            () => true,
            () => false,
          )
        }
      } finally {
        // A connection that may still hold the lock is closed rather than reused.
        client.release(!unlocked)
      }
    },
    listen: (channel, notice, live) => listenPostgres(url, channel, notice, live),
    async close() {
      await pool.end()
    },
  }
}

/** How long a lost listening connection waits before it is made again. */
const RELISTEN_MS = 1000

/** LISTEN on a connection of its own (a pooled one would drop it), made again whenever it is lost. */
async function listenPostgres(
  url: string,
  channel: string,
  notice: (payload: string) => void,
  live: (on: boolean) => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  const again = () => {
    // Unref'd: a listener left trying to reach a database that is gone never keeps the process alive.
    if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_MS).unref()
  }
  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url })
    let lost = false
    const onLost = () => {
      if (lost) return
      lost = true
      if (current === client) {
        current = null
        live(false)
      }
      again()
    }
    client.on('notification', (m) => m.channel === channel && notice(m.payload ?? ''))
    client.on('error', onLost)
    client.on('end', onLost)
    try {
      await client.connect()
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    } catch {
      onLost()
      client.end().catch(() => {})
      return
    }
    if (stopped || lost) return void client.end().catch(() => {})
    current = client
    live(true)
  }
  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    const client = current
    current = null
    if (client) {
      live(false)
      await client.end().catch(() => {})
    }
  }
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string | null }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir)
}

/** The rows of `db.execute(sql…)`: node-postgres wraps them in `{ rows }`, PGlite too; a plain array passes through. */
/** A JSON value a statement answered: `pg` parses json columns, but a value built in SQL may come back as its text. */
export function jsonValue<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value
}

export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[])

/** Resolves once the database answers a query (the health check). */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`)
}

/** What a Db runs its statements on: the pg Pool, a pg Client held by onOneConnection, or PGlite (else something preparedStatement does not prepare on). */
const clientOf = (db: Db): unknown => (db as unknown as { $client: unknown }).$client

/** The Db of each pooled connection that onOneConnection held, made once for it. */
const heldDbs = new WeakMap<pg.PoolClient, Db>()

/**
 * Runs `fn` with a Db on one connection of the pool, held until `fn` settles: each of its statements
 * goes out the moment it is asked for. Through the pool it would wait: pg-pool hands a connection over
 * in `process.nextTick`, which runs only once every promise callback queued before it has run, so the
 * next batch of a group commit waited while the callers of the last one built and sent their whole
 * answers (ADR 0065). When `fn` throws, the connection is given back with the error and the pool closes
 * it (it may be the connection that failed). On PGlite (one session), or when the pool has no
 * connection to give, `fn` gets `db` itself.
 */
export async function onOneConnection<T>(db: Db, fn: (db: Db) => Promise<T>): Promise<T> {
  const pool = clientOf(db)
  if (!(pool instanceof pg.Pool)) return fn(db)
  let client: pg.PoolClient
  try {
    client = await pool.connect()
  } catch {
    return fn(db)
  }
  // The pool listens for a lost connection only while it is idle: a held one must not crash the process.
  let lost: Error | undefined
  const onLost = (err: Error) => (lost = err)
  client.on('error', onLost)
  let held = heldDbs.get(client)
  if (!held) heldDbs.set(client, (held = drizzlePg(client, { schema }) as unknown as Db))
  let failed: Error | undefined
  try {
    return await fn(held)
  } catch (err) {
    failed = err instanceof Error ? err : new Error(String(err))
    throw err
  } finally {
    client.off('error', onLost)
    client.release(failed ?? lost)
  }
}

const dialect = new PgDialect()
const statementNames = new Map<string, string>()

/** A value in built SQL: the value itself, a placeholder while a hot statement is built once for every call, or SQL (a column of the statement around, `(select id from num)`). */
export type Param<T> = T | SQLWrapper

/**
 * A statement of the hot path (the search, ADR 0028), built once and then run as a named
 * prepared statement: on PostgreSQL each pooled connection (the pool's, or one held by
 * onOneConnection) parses and plans it once
 * (planning the number page took longer than running it), and no call builds its SQL
 * again (building it took a twelfth of a search's CPU). `build` gets a placeholder for
 * each value, so it must not branch on them; the name is a hash of the text. On PGlite it
 * is PREPAREd in the database's one session; anywhere else (a transaction) it is built
 * with the values and run as usual. Returns the rows.
 */
export function preparedStatement<T, V extends object>(
  build: (p: { [K in keyof V]: Param<V[K]> }) => SQL,
): (db: Db, values: V) => Promise<T[]> {
  let compiled: Compiled | undefined
  const placeholders = new Proxy({}, { get: (_target, key) => sql.placeholder(String(key)) }) as { [K in keyof V]: Param<V[K]> }
  return async (db, values) => {
    const client = clientOf(db)
    const onPg = client instanceof pg.Pool || client instanceof pg.Client
    if (!onPg && !(client instanceof PGlite)) return rowsOf<T>(await db.execute(build(values)))
    if (!compiled) {
      const { sql: text, params } = dialect.sqlToQuery(build(placeholders))
      compiled = { text, params, name: statementName(text) }
    }
    const params = fillPlaceholders(compiled.params, values as Record<string, unknown>)
    if (onPg) {
      return (await client.query({ name: compiled.name, text: compiled.text, values: params })).rows as T[]
    }
    return runPreparedPglite<T>(db, client, compiled, params, () => build(values))
  }
}

interface Compiled {
  text: string
  params: unknown[]
  name: string
}

function statementName(text: string): string {
  let name = statementNames.get(text)
  if (!name) {
    name = `s_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`
    if (statementNames.size < 1000) statementNames.set(text, name)
  }
  return name
}

/**
 * The statements PREPAREd in each embedded database (one session each), as the PREPARE's outcome:
 * true once prepared, false when it cannot be. Calls that come together share the one PREPARE
 * (a second PREPARE of the name failed as "already exists" and left the statement unprepared for
 * good, planned at every call: half the embedded database's searches a second, in one run of two).
 */
const preparedInPglite = new WeakMap<PGlite, Map<string, Promise<boolean>>>()

/** A parameter as an SQL literal of unknown type (PostgreSQL casts it to the parameter's type); null when it is not a plain value. */
function literal(value: unknown): string | null {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : null
  if (typeof value === 'boolean') return value ? "'true'" : "'false'"
  // standard_conforming_strings is on (the default): only quotes need doubling.
  if (typeof value === 'string') return value.includes('\0') ? null : `'${value.replaceAll("'", "''")}'`
  return null
}

/**
 * PGlite answers `query` with an unnamed statement, planned anew each time, and its
 * protocol takes no parameters for EXECUTE: the statement is PREPAREd once in the
 * database's one session and EXECUTEd with its values as quoted literals. Anything that
 * is not a plain value, or a statement PostgreSQL cannot prepare, runs as usual.
 */
async function runPreparedPglite<T>(db: Db, client: PGlite, statement: Compiled, params: unknown[], built: () => SQL): Promise<T[]> {
  const values = params.map(literal)
  let prepared = preparedInPglite.get(client)
  if (!prepared) preparedInPglite.set(client, (prepared = new Map()))
  const { text, name } = statement
  if (values.some((v) => v === null)) return rowsOf<T>(await db.execute(built()))
  let ready = prepared.get(text)
  if (!ready) {
    ready = client.exec(`PREPARE ${name} AS ${text}`).then(
      () => true,
      () => false,
    )
    prepared.set(text, ready)
  }
  if (!(await ready)) return rowsOf<T>(await db.execute(built()))
  const execute = values.length ? `EXECUTE ${name}(${values.join(', ')})` : `EXECUTE ${name}`
  return (await client.query<T>(execute)).rows
}
