import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { backends, openTestDatabase } from '../../tests/support/database'
import { preparedStatement, type Database, type Db } from './client'
import { groupCommit } from './group-commit'

/** A statement that records each batch it is run with and answers each item doubled, after a turn of the event loop. */
function recorder(fail?: (items: number[]) => boolean) {
  const batches: number[][] = []
  const run = async (_db: Db, items: number[]) => {
    batches.push([...items])
    await new Promise((r) => setTimeout(r, 5))
    if (fail?.(items)) throw new Error(`batch ${items.join(',')} failed`)
    return items.map((i) => i * 2)
  }
  return { batches, run }
}

const db = {} as Db
/** The rest of this turn of the event loop, and the group commit's batch that was due in it. */
const nextTurn = () => new Promise((r) => setImmediate(r))

describe('groupCommit', () => {
  it('sends the calls of one turn together when nothing is under way, and the calls made meanwhile together in the next batch', async () => {
    const { batches, run } = recorder()
    const call = groupCommit(run)
    // Four requests read in one turn of the event loop: one batch, not one of them alone and the rest behind it.
    expect(await Promise.all([1, 2, 3, 4].map((i) => call(db, i)))).toEqual([2, 4, 6, 8])
    expect(batches).toEqual([[1, 2, 3, 4]])
    // One call, then two more while its batch is under way: those go together in the next.
    const first = call(db, 5)
    await nextTurn()
    expect(batches.at(-1)).toEqual([5])
    expect(await Promise.all([first, call(db, 6), call(db, 7)])).toEqual([10, 12, 14])
    expect(batches.slice(1)).toEqual([[5], [6, 7]])
    // Idle again: a lone call goes at the end of its turn, waiting for nothing else.
    expect(await call(db, 8)).toBe(16)
    expect(batches.at(-1)).toEqual([8])
  })

  it('puts at most one call per key and at most max calls in a batch; the rest wait for the next, in order', async () => {
    const { batches, run } = recorder()
    const call = groupCommit(run, { key: (i: number) => i % 10, max: 3 })
    const answers = await Promise.all([0, 11, 21, 12, 13, 14, 31].map((i) => call(db, i)))
    expect(answers).toEqual([0, 22, 42, 24, 26, 28, 62])
    // 11, 21 and 31 share a key: one per batch; 12, 13, 14 fill batches up to 3.
    expect(batches).toEqual([[0, 11, 12], [21, 13, 14], [31]])
  })

  it('keeps one queue per database: a batch under way on one does not hold calls on another back', async () => {
    const { batches, run } = recorder()
    const call = groupCommit(run)
    const other = {} as Db
    const first = call(db, 1)
    await nextTurn()
    // The batch on db is under way (5 ms): the call on the other database goes at the end of its own turn.
    const second = call(other, 2)
    await nextTurn()
    expect(batches).toEqual([[1], [2]])
    expect(await Promise.all([first, second])).toEqual([2, 4])
  })

  it('runs a failed batch again one call at a time: the call that cannot succeed fails alone', async () => {
    const { batches, run } = recorder((items) => items.includes(7))
    const call = groupCommit(run)
    const settled = await Promise.allSettled([1, 6, 7, 8].map((i) => call(db, i)))
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : 'failed'))).toEqual([2, 12, 'failed', 16])
    expect(batches).toEqual([[1, 6, 7, 8], [1], [6], [7], [8]])
    // The queue goes on after a failure.
    expect(await call(db, 9)).toBe(18)
  })
})

/** A statement that answers, for each item, when PostgreSQL ran it (ms since the epoch) and on which connection. */
const whenAndWhere = preparedStatement<{ at: number; pid: number }, { n: number }>(
  (p) => sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as at, pg_backend_pid() as pid, ${p.n}::int as n`,
)

const slowly = preparedStatement<{ pid: number }, { n: number }>(
  (p) => sql`select pg_backend_pid() as pid, ${p.n}::int as n from pg_sleep(0.3)`,
)

describe.runIf(backends.includes('postgres'))('groupCommit on PostgreSQL', () => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase('postgres')
  })
  afterAll(async () => {
    await database.close()
  })

  /** Told when the batch starting with that item is sent, by the item. */
  const sent = new Map<number, () => void>()
  const call = groupCommit(async (db, items: number[]) => {
    sent.get(items[0])?.()
    const [row] = await whenAndWhere(db, { n: items.length })
    return items.map(() => row)
  })

  it('sends the next batch the moment the last one is answered, while its callers still build their answers', async () => {
    let busyFrom = 0
    let busyTo = 0
    const firstSent = new Promise<void>((r) => sent.set(1, r))
    // The first call's caller works for 150 ms once answered (a page built and sent); the calls made meanwhile wait for the next batch.
    const first = call(database.db, 1).then((row) => {
      busyFrom = Date.now()
      while (Date.now() - busyFrom < 150);
      busyTo = Date.now()
      return row
    })
    await firstSent
    const next = [call(database.db, 2), call(database.db, 3)]
    const [, second] = await Promise.all([first, ...next])
    // PostgreSQL ran the second batch while the first caller was still at work, not after it.
    expect(second.at).toBeLessThan(busyTo - 50)
    expect(second.at).toBeGreaterThan(busyFrom - 50)
    // Over the connection that ran the first.
    expect(second.pid).toBe((await first).pid)
  })

  it('gives back a connection that was lost while held: the calls of its batch are answered over others', async () => {
    const slow = groupCommit(async (db, items: number[]) => {
      const [row] = await slowly(db, { n: items.length })
      return items.map(() => row)
    })
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    try {
      // The calls go together over a held connection, which is cut while their statement runs.
      const calls = [1, 2, 3, 4].map((n) => slow(database.db, n))
      let victim: number | undefined
      while (!victim) {
        const { rows } = await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity where query like '%pg_sleep(0.3)%' and state = 'active' and pid <> pg_backend_pid()`,
        )
        victim = rows[0]?.pid
      }
      await admin.query('select pg_terminate_backend($1)', [victim])
      const settled = await Promise.allSettled(calls)
      // The batch cut with its connection runs again one call at a time through the pool: every call is answered.
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled'])
      for (const s of settled) expect(s.status === 'fulfilled' && s.value.pid).not.toBe(victim)
      // And the queue goes on as before.
      expect((await slow(database.db, 5)).pid).not.toBe(victim)
    } finally {
      await admin.end()
    }
  })
})
