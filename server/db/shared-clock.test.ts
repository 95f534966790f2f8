import { once } from 'node:events'
import net, { type AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import { throwAwayPostgres } from '../../tests/support/database'
import { hotStatement, openPostgres, rowsOf, type Database } from './client'
import { attachSharedClock, LEASE_MS, type SharedWriteClock } from './shared-clock'
import { holder } from '../../tests/support/held-writes'
import { untilCurrent } from '../../tests/support/lease'
import { writeClockOf } from './write-clock'

const redisUrl = process.env.TEST_REDIS_URL
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Waits until the clock has heard Redis within its lease (as a search would find it), at most five seconds (a loaded CI machine). */
async function whenCurrent(clock: SharedWriteClock) {
  expect(await untilCurrent(clock, performance.now() + 5_000)).toBe(true)
}

describe.skipIf(!process.env.TEST_DATABASE_URL || !redisUrl)('the write clock shared through Redis (ADR 0037)', () => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch(() => {})
  })

  /** `n` processes' worth of pools on one throw-away database, each with its clock, on one Redis. */
  async function processes(n: number, url = redisUrl!) {
    const created = await throwAwayPostgres()
    cleanups.push(() => created.drop())
    const out: Array<{ database: Database; clock: SharedWriteClock; redis: Redis }> = []
    for (let i = 0; i < n; i++) {
      const database = await openPostgres(created.url, 3)
      const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true, retryStrategy: () => null })
      redis.on('error', () => {})
      await redis.connect().catch(() => {})
      cleanups.push(async () => {
        await database.close()
        redis.disconnect()
      })
      const clock = (await attachSharedClock(database.db, redis))!
      cleanups.push(() => clock.close())
      out.push({ database, clock, redis })
    }
    await out[0].database.db.execute(sql`create table t (v int)`)
    return out
  }

  it('moves on writes and committed transactions that wrote, not on reads, quiet statements or rolled back work', async () => {
    const [{ database, clock }] = await processes(1)
    const { db } = database
    const moves = async (run: () => Promise<unknown>) => {
      const before = clock.generation
      await run()
      return clock.generation - before
    }
    expect(await moves(() => db.execute(sql`select count(*) from t`))).toBe(0)
    expect(await moves(() => db.execute(sql`insert into t values (1)`))).toBeGreaterThan(0)
    expect(await moves(() => db.execute(sql`with x as (update t set v = 2 returning v) select * from x`))).toBeGreaterThan(0)
    expect(await moves(() => db.transaction(async (tx) => tx.execute(sql`select * from t`)))).toBe(0)
    expect(
      await moves(() =>
        db.transaction(async (tx) => {
          await tx.execute(sql`insert into t values (3)`)
          tx.rollback()
        }).catch(() => {}),
      ),
    ).toBe(0)
    const quietWrite = hotStatement<{ v: number }, { v: number }>((p) => sql`insert into t values (${p.v}::int) returning v`, { quiet: true })
    expect(await moves(() => quietWrite(db, { v: 4 }))).toBe(0)
    const loudWrite = hotStatement<{ v: number }, { v: number }>((p) => sql`insert into t values (${p.v}::int) returning v`)
    expect(await moves(() => loudWrite(db, { v: 5 }))).toBeGreaterThan(0)
  })

  it('counts a transaction’s writes at its commit, not before', async () => {
    const [{ database, clock }] = await processes(1)
    let during = 0
    const before = clock.generation
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (1)`)
      during = clock.generation
    })
    expect(during).toBe(before)
    expect(clock.generation).toBeGreaterThan(before)
  })

  it('lets every other process see a write once the writer has settled', async () => {
    const [a, b] = await processes(2)
    await whenCurrent(b.clock)
    for (let i = 0; i < 5; i++) {
      const seen = b.clock.generation
      await a.database.db.execute(sql`insert into t values (${i})`)
      await a.clock.settled()
      // What a search on b would find now: heard within the lease, and moved.
      if (b.clock.current()) expect(b.clock.generation).not.toBe(seen)
      await whenCurrent(b.clock)
      expect(b.clock.generation).not.toBe(seen)
    }
  })

  it('keeps a settled writer waiting the lease after its write reached Redis', async () => {
    const [a] = await processes(1)
    await a.database.db.execute(sql`insert into t values (1)`)
    const started = performance.now()
    await a.clock.settled()
    expect(performance.now() - started).toBeGreaterThanOrEqual(LEASE_MS - 1)
    expect(a.clock.heardByAllAt).toBeLessThanOrEqual(performance.now())
  })

  it('is never current without Redis', async () => {
    const [{ clock }] = await processes(1, 'redis://127.0.0.1:1')
    await sleep(LEASE_MS * 2)
    expect(clock.current()).toBe(false)
  })

  it('starts within a second when Redis takes calls but never answers, and is not current', async () => {
    const silent = net.createServer(() => {}).listen(0, '127.0.0.1')
    await once(silent, 'listening')
    cleanups.push(async () => void silent.close())
    const created = await throwAwayPostgres()
    cleanups.push(() => created.drop())
    const database = await openPostgres(created.url, 2)
    const redis = new Redis(`redis://127.0.0.1:${(silent.address() as AddressInfo).port}`, { maxRetriesPerRequest: 1 })
    cleanups.push(async () => {
      await database.close()
      redis.disconnect()
    })
    const started = performance.now()
    const clock = (await attachSharedClock(database.db, redis))!
    cleanups.push(() => clock.close())
    expect(performance.now() - started).toBeLessThan(3000)
    expect(clock.current()).toBe(false)
  })

  it('writes what is held quietly, and before the pool closes', async () => {
    const [{ database, clock }] = await processes(1)
    const { writes, add } = holder('t')
    clock.hold(writes)
    add(7, 8)
    const before = clock.generation
    await clock.flush()
    expect(clock.generation).toBe(before)
    add(9)
    expect(writeClockOf(database.db)).toBe(clock)
    const count = async () => rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from t`))[0].n
    expect(await count()).toBe(2)
    await clock.close()
    expect(writeClockOf(database.db)).toBeUndefined()
    expect(await count()).toBe(3)
  })
})
