import type { Redis } from 'ioredis'
import pg from 'pg'
import type { Db } from './client'
import { heldWrites, setWriteClock, type WriteClock } from './write-clock'

/** The shared generation in Redis, one per database: every process's writes move it; every process reads it every POLL_MS. */
export const CLOCK_KEY = 'callerid:write-clock'
/** How often a process asks Redis for the shared generation. */
export const POLL_MS = 5
/**
 * A process answers from memory only while it heard the shared generation from a request sent
 * less than this long ago; a request that wrote answers only this long after its write reached
 * Redis. So a search that starts after a write's answer was sent, on any process, sees the write.
 */
export const LEASE_MS = 30

/** Marks a statement's config object as quiet: a read, or a write no kept answer depends on (the search's own statement, the held-back history). */
export const QUIET = Symbol('quiet statement')

type StatementKind = 'read' | 'write' | 'begin' | 'commit' | 'rollback' | 'control'

/** What a statement does to the data, by its first word; anything not known to read is taken as a write. */
function kindOf(text: string | undefined): StatementKind {
  const word = /^\s*([a-z]+)/i.exec(text ?? '')?.[1]?.toLowerCase()
  switch (word) {
    case 'select':
    case 'show':
      return 'read'
    case 'begin':
    case 'start':
      return 'begin'
    case 'commit':
    case 'end':
      return 'commit'
    case 'rollback':
    case 'abort':
      // `rollback to savepoint` keeps the transaction, and what it did before the savepoint.
      return /^\s*rollback\s+to\b/i.test(text!) ? 'control' : 'rollback'
    case 'savepoint':
    case 'release':
      return 'control'
    default:
      return 'write'
  }
}

interface PoolWrites {
  /** Called once a write is in the database for everyone to read: an autocommit statement done, a transaction that wrote committed. */
  onWrite: () => void
}

const watched = new WeakMap<pg.Pool, PoolWrites>()

/**
 * Watches every connection of a PostgreSQL pool for writes (openPostgres does, from the start):
 * each client's `query` is wrapped when the pool connects it. Reads, quiet statements and
 * transactions that wrote nothing are not writes; a transaction's writes count at its commit.
 */
export function watchPoolWrites(pool: pg.Pool): void {
  const writes: PoolWrites = { onWrite: () => {} }
  watched.set(pool, writes)
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    let inTransaction = false
    let wrote = false
    client.query = ((...args: unknown[]) => {
      const first = args[0] as string | { text?: string; [QUIET]?: boolean } | undefined
      let after: (() => void) | undefined
      if (!(typeof first === 'object' && first?.[QUIET])) {
        const kind = kindOf(typeof first === 'string' ? first : first?.text)
        if (kind === 'begin') {
          inTransaction = true
          wrote = false
        } else if (kind === 'commit' || kind === 'rollback') {
          const committed = kind === 'commit' && wrote
          inTransaction = false
          wrote = false
          if (committed) after = () => writes.onWrite()
        } else if (kind === 'write') {
          if (inTransaction) wrote = true
          else after = () => writes.onWrite()
        }
      }
      if (!after) return query(...args)
      const done = after
      // node-postgres answers by callback (the pool's own `query` asks so) or by promise.
      const last = args.length - 1
      if (typeof args[last] === 'function') {
        const callback = args[last] as (...r: unknown[]) => void
        args[last] = (...r: unknown[]) => {
          done()
          callback(...r)
        }
        return query(...args)
      }
      const result = query(...args)
      if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done)
      else done()
      return result
    }) as typeof client.query
  })
}

/** The write clock of a PostgreSQL database shared through Redis (ADR 0037). */
export interface SharedWriteClock extends WriteClock {
  /** Resolves once every process has heard of this process's writes so far: LEASE_MS after the latest reached Redis. */
  settled(): Promise<void>
  /** When (performance.now()) this process last wrote. */
  readonly lastWriteAt: number
  /** When every process will have heard of this process's writes so far: Infinity while one is on its way to Redis. */
  readonly heardByAllAt: number
  /** Stops asking Redis and writes what is held. */
  close(): Promise<void>
}

/**
 * A write clock for a database several processes write to (ADR 0037): the generation moves on
 * this process's own writes at once, and on everyone else's when the shared generation in Redis
 * is seen to have moved. Undefined unless `db` is a pool that openPostgres watches.
 */
export async function attachSharedClock(db: Db, redis: Redis): Promise<SharedWriteClock | undefined> {
  const pool = (db as unknown as { $client: unknown }).$client
  if (!(pool instanceof pg.Pool)) return undefined
  const writes = watched.get(pool)
  if (!writes) return undefined
  // One key per database, named as the server names it (whatever address each process reaches it
  // by): its oid and name. Another database's writes on the same Redis would only cost kept answers.
  const { rows } = await pool.query<{ id: string }>({
    text: `select oid::text || ':' || datname as id from pg_database where datname = current_database()`,
    [QUIET]: true,
  } as pg.QueryConfig)
  const key = `${CLOCK_KEY}:${rows[0].id}`

  let generation = 0
  let lastWriteAt = -Infinity
  /** The shared generation last heard; undefined before the first answer. */
  let shared: string | null | undefined
  /** When the latest answered request for it was sent. */
  let heardAt = -Infinity
  /** When the latest write's bump reached Redis (performance.now()). */
  let bumped: Promise<number> = Promise.resolve(-Infinity)
  let bumpsOnTheirWay = 0
  let reachedAt = -Infinity

  const poll = () => {
    const sent = performance.now()
    redis.get(key).then(
      (value) => {
        // Answers come back in the order asked (one connection). Any change, even back to an
        // old value after Redis lost its data, is a move: steps are random, so such a value is unlikely.
        if (value !== shared) {
          generation++
          shared = value
        }
        if (sent > heardAt) heardAt = sent
      },
      () => {
        // Not heard: no answers from memory once the lease runs out.
      },
    )
  }
  // The first answer before anything is kept, so that it does not count as a move; Redis not
  // answering leaves the clock not current, and its first answer later moves it.
  // A Redis that does not answer within a second does not hold up the start.
  const firstSent = performance.now()
  const first = redis.get(key).then(
    (value) => {
      // Answered before any poll (one connection, in order).
      if (shared === undefined) shared = value
      if (firstSent > heardAt) heardAt = firstSent
    },
    () => {
      // Asked again every POLL_MS.
    },
  )
  await Promise.race([first, new Promise((r) => setTimeout(r, 1000).unref())])
  const timer = setInterval(poll, POLL_MS).unref()

  writes.onWrite = () => {
    generation++
    lastWriteAt = performance.now()
    // Random steps: a Redis that lost the key and counts again from zero does not hand out a value seen before.
    const step = 1 + Math.floor(Math.random() * 2 ** 20)
    bumpsOnTheirWay++
    bumped = redis
      .incrby(key, step)
      .then(
        (value) => {
          // Nobody else moved it since the value last heard (or set here): the move is this write's
          // own, already counted here. (Answers come in the order asked: a poll sent after this step
          // is answered after it, one sent before it was heard already.)
          if (shared !== undefined && value - step === Number(shared ?? 0)) shared = String(value)
        },
        (err: Error) => {
          console.warn(`The shared write clock could not be moved (${err.message}): other processes may answer from memory without this write for up to a second.`)
        },
      )
      .then(() => {
        bumpsOnTheirWay--
        reachedAt = performance.now()
        return reachedAt
      })
  }

  const held = heldWrites((statement) => pool.query({ text: statement, [QUIET]: true } as pg.QueryConfig))
  const { flush } = held

  const clock: SharedWriteClock = {
    get generation() {
      return generation
    },
    get lastWriteAt() {
      return lastWriteAt
    },
    get heardByAllAt() {
      return bumpsOnTheirWay > 0 ? Infinity : reachedAt + LEASE_MS + 1
    },
    current: () => performance.now() - heardAt < LEASE_MS,
    countsExact: false,
    // On PostgreSQL a statement is quiet by its config object (QUIET), not by when it is sent.
    quietly: (send) => send(),
    hold: held.hold,
    flush,
    async settled() {
      // The writes made so far: the last of them reached Redis after the ones before (one connection, in order).
      const until = (await bumped) + LEASE_MS + 1
      // A timer may fire a little early by performance.now(): wait again for what is left.
      for (let wait = until - performance.now(); wait > 0; wait = until - performance.now()) {
        await new Promise((r) => setTimeout(r, Math.ceil(wait)))
      }
    },
    async close() {
      clearInterval(timer)
      writes.onWrite = () => {}
      setWriteClock(db, undefined)
      await flush()
    },
  }
  setWriteClock(db, clock)
  return clock
}
