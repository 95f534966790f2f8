import type { PGlite } from '@electric-sql/pglite'
import type { Db } from './client'

/**
 * Writes held back to be sent together (the search history, ADR 0033): `pending` says whether
 * there is any, `write` sends what is held at the moment it is called with `exec` (a statement
 * of the database's own, outside the clock).
 */
export interface HeldWrites {
  pending(): boolean
  write(exec: (statement: string) => Promise<unknown>): Promise<void>
}

/**
 * What the one process of an embedded database knows: every statement goes through it. The
 * generation goes up whenever a statement that may change data is sent, so anything read while
 * the generation was g is still what the database holds while the generation is g (ADR 0033).
 */
export interface WriteClock {
  readonly generation: number
  /**
   * Whether what the generation says is known now: always on the embedded database; on
   * PostgreSQL (shared-clock.ts) only while Redis was heard from within the lease.
   */
  current(): boolean
  /**
   * Whether today's search counts may be kept in this process's memory: only when it sends every
   * statement (the embedded database). Elsewhere a counted search always asks the database.
   */
  readonly countsExact: boolean
  /**
   * Calls `send`, which must send its one statement at once (call the client's `query` or `exec`
   * before it awaits anything), leaving the generation as it is: reads, and writes no kept answer
   * depends on. Hot statements made `quiet` send theirs this way (client.ts hotStatement).
   */
  quietly<T>(send: () => Promise<T>): Promise<T>
  /** Writes held back until the next statement (any statement waits for them), `flush`, or `close`. */
  hold(writes: HeldWrites): void
  /** Sends every held write now. */
  flush(): Promise<void>
}

const clocks = new WeakMap<object, WriteClock>()

/** The write clock of a database: the embedded one's own, or PostgreSQL's shared through Redis once attached (shared-clock.ts). */
export const writeClockOf = (db: Db): WriteClock | undefined => clocks.get(db)

/** Sets (or, with undefined, removes) the write clock of a database. */
export const setWriteClock = (db: Db, clock: WriteClock | undefined): void => {
  if (clock) clocks.set(db, clock)
  else clocks.delete(db)
}

/**
 * Puts a write clock on a PGlite client and the drizzle database over it: wraps `query`, `exec`
 * and `transaction` (a transaction's own statements go through its tx object, so it counts as one
 * statement, bumped when it is sent). Also counts the calls under way (the load shedding's signal:
 * PGlite runs one at a time and queues the rest without saying how many).
 */
export function attachWriteClock(client: PGlite, db: Db): { clock: WriteClock; running: () => number } {
  // Set only while a quiet statement is being sent (synchronously): no context to carry across awaits.
  let quiet = 0
  const exec = client.exec.bind(client)
  const held = heldWrites(exec)
  const { pending, flush } = held
  let generation = 0
  let running = 0

  // Statements are sent in the order they were called, each after the writes held before it:
  // a statement called later never overtakes one called earlier that waited for a flush.
  let turn: Promise<unknown> = Promise.resolve()
  const wrap = <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      // Bumped when called, before it is sent: whatever was read under the old generation may be stale from now on.
      if (quiet === 0) generation++
      running++
      try {
        const ready = turn.then(() => (held.busy() || pending() ? flush() : undefined))
        turn = ready
        await ready
        return await call(...args)
      } finally {
        running--
      }
    }
  client.query = wrap(client.query.bind(client)) as PGlite['query']
  client.exec = wrap(exec) as PGlite['exec']
  client.transaction = wrap(client.transaction.bind(client)) as PGlite['transaction']

  const clock: WriteClock = {
    get generation() {
      return generation
    },
    current: () => true,
    countsExact: true,
    quietly(send) {
      quiet++
      try {
        return send()
      } finally {
        quiet--
      }
    },
    hold: held.hold,
    flush,
  }
  clocks.set(db, clock)
  return { clock, running: () => running }
}

/**
 * The writes held back on a database, sent with `exec` (a statement outside any clock) in passes:
 * one pass at a time (a pass under way is joined), a failed write reported, not thrown at whoever waited.
 */
export function heldWrites(exec: (statement: string) => Promise<unknown>) {
  const held: HeldWrites[] = []
  let flushing: Promise<void> | null = null
  const pending = () => held.some((h) => h.pending())
  const pass = (): Promise<void> => {
    if (flushing) return flushing
    const run = (async () => {
      for (const h of held) {
        if (!h.pending()) continue
        try {
          await h.write(exec)
        } catch (err) {
          console.error(`Held-back writes were lost: ${(err as Error).message}`)
        }
      }
    })()
    flushing = run.finally(() => {
      flushing = null
    })
    return flushing
  }
  return {
    hold: (writes: HeldWrites) => void held.push(writes),
    pending,
    /** Whether a pass is under way. */
    busy: () => flushing !== null,
    /** Resolves once every write held when it was called is sent: the pass under way may have started before some of them. */
    async flush(): Promise<void> {
      if (flushing) await flushing
      if (pending()) await pass()
    },
  }
}
