import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PGlite } from '@electric-sql/pglite'
import { hotStatement, openPglite, rowsOf, type Database } from './client'
import { holder } from '../../tests/support/held-writes'
import { writeClockOf } from './write-clock'

const rawClient = (database: Database) => (database.db as unknown as { $client: PGlite }).$client

const count = async (database: Database, table: string) =>
  rowsOf<{ n: number }>(await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0].n

describe('the write clock of the embedded database (ADR 0033)', () => {
  const open: Database[] = []
  afterEach(async () => {
    for (const d of open.splice(0)) await d.close().catch(() => {})
  })
  const start = async (dir: string | null = null) => {
    const database = await openPglite(dir)
    open.push(database)
    return { database, clock: writeClockOf(database.db)! }
  }

  it('moves on every statement and transaction, not on quiet ones', async () => {
    const { database, clock } = await start()
    await database.db.execute(sql`create table t (v int)`)
    let g = clock.generation
    await database.db.execute(sql`insert into t values (1)`)
    expect(clock.generation).toBeGreaterThan(g)
    g = clock.generation
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (2)`)
    })
    expect(clock.generation).toBeGreaterThan(g)
    g = clock.generation
    await clock.quietly(() => rawClient(database).query('select * from t'))
    expect(clock.generation).toBe(g)
    // A hot statement made quiet leaves it too; the same read sent as usual moves it.
    const quietRead = hotStatement<{ n: number }, { min: number }>((p) => sql`select count(*)::int as n from t where v >= ${p.min}::int`, { quiet: true })
    const loudRead = hotStatement<{ n: number }, { min: number }>((p) => sql`select count(*)::int as n from t where v > ${p.min}::int`)
    expect((await quietRead(database.db, { min: 1 }))[0].n).toBe(2)
    expect(clock.generation).toBe(g)
    expect((await loudRead(database.db, { min: 1 }))[0].n).toBe(1)
    expect(clock.generation).toBeGreaterThan(g)
  })

  it('sends held writes before the next statement, whatever it is, and before a statement called after it', async () => {
    const { database, clock } = await start()
    await database.db.execute(sql`create table h (v int)`)
    const h = holder('h')
    clock.hold(h.writes)
    h.add(1)
    h.add(2)
    expect(await count(database, 'h')).toBe(2)
    h.add(3)
    // Quiet statements wait for them too; of two statements called together, the later sees all the earlier saw, and what was held before it.
    const [quiet, loud] = await Promise.all([
      clock.quietly(() => rawClient(database).query<{ n: number }>('select count(*)::int as n from h')).then((r) => r.rows[0].n),
      (h.add(4), count(database, 'h')),
    ])
    expect([3, 4]).toContain(quiet)
    expect(loud).toBe(4)
  })

  it('reports a held write that fails instead of failing the statement that waited for it', async () => {
    const { database, clock } = await start()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const h = holder('missing_table')
    clock.hold(h.writes)
    h.add(1)
    expect(rowsOf<{ one: number }>(await database.db.execute(sql`select 1 as one`))[0].one).toBe(1)
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Held-back writes were lost'))
    error.mockRestore()
  })

  it('writes what is held back before the database closes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-clock-'))
    try {
      const first = await start(dir)
      await first.database.db.execute(sql`create table h (v int)`)
      const h = holder('h')
      first.clock.hold(h.writes)
      h.add(1)
      h.add(2)
      await first.database.close()
      open.splice(0)
      const again = await start(dir)
      expect(await count(again.database, 'h')).toBe(2)
    } finally {
      for (const d of open.splice(0)) await d.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
