import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { sql } from 'drizzle-orm'
import { backends, openTestDatabase } from '../../tests/support/database'
import { DataDirLockedError, preparedStatement, openPglite } from './client'

describe('embedded database', () => {
  it('persists to its folder and refuses a second opener of the same folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-db-'))
    const first = await openPglite(dir)
    await first.db.execute(sql`insert into numbers (e164) values ('+493012345678')`)
    await expect(openPglite(dir)).rejects.toThrow(DataDirLockedError)
    await expect(openPglite(dir)).rejects.toThrow(/in use by another running server/)
    await first.close()
    const again = await openPglite(dir)
    const rows = (await again.db.execute(sql`select e164 from numbers`)) as unknown as { rows: Array<{ e164: string }> }
    expect(rows.rows.map((r) => r.e164)).toEqual(['+493012345678'])
    await again.close()
  })
})

describe('data folder lock after a crash', () => {
  const holder = `
    import { openPglite } from './server/db/client.ts'
    await openPglite(process.argv[1])
    process.stdout.write('ready\\n')
    setInterval(() => {}, 1000)
  `
  /** Starts a server-like process that opens the folder and keeps it; resolves once it holds the lock. */
  async function startHolder(dir: string) {
    const { spawn } = await import('node:child_process')
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', holder, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (b: Buffer) => b.toString().includes('ready') && resolve())
      child.on('exit', (code) => reject(new Error(`holder exited with ${code}`)))
    })
    return child
  }

  it('refuses while the holder runs, and takes the lock over at once after it was killed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-lock-'))
    const child = await startHolder(dir)
    await expect(openPglite(dir)).rejects.toThrow(DataDirLockedError)
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
    // No waiting for the lock library's 15 s staleness: the holder's pid is gone.
    const started = Date.now()
    const again = await openPglite(dir)
    expect(Date.now() - started).toBeLessThan(10_000)
    await again.db.execute(sql`select 1`)
    // The new holder is alive: a third opener is still refused.
    await expect(openPglite(dir)).rejects.toThrow(/in use by another running server/)
    await again.close()
  }, 120_000)
})

describe.each(backends)('prepared statements of the hot path (%s)', (backend) => {
  const echo = preparedStatement<
    { t: string; n: number; b: boolean; z: string | null },
    { text: string; i: number; even: boolean; none: string | null }
  >((p) => sql`select ${p.text}::text as t, ${p.i}::int + 1 as n, ${p.even}::boolean as b, ${p.none}::text as z`)
  const yearOf = preparedStatement<{ y: number }, { at: Date }>((p) => sql`select extract(year from ${p.at}::timestamptz)::int as y`)
  const userCount = preparedStatement<{ n: number }, Record<string, never>>(() => sql`select count(*)::int as n from users`)

  it('answer what the plain statement answers, for any text, again and again, in a transaction too, and fall back for values they cannot carry', async () => {
    const database = await openTestDatabase(backend)
    try {
      const { db } = database
      const awkward = ["O'Brien", "'; drop table users; --", 'back\\slash', '', 'ünï €', "two '' quotes"]
      for (const text of awkward) {
        for (let i = 0; i < 3; i++) {
          const [row] = await echo(db, { text, i, even: i % 2 === 0, none: null })
          expect(row).toEqual({ t: text, n: i + 1, b: i % 2 === 0, z: null })
        }
      }
      // Inside a transaction it is built with its values and runs there.
      const inTx = await db.transaction(async (tx) => (await echo(tx, { text: "in 'tx'", i: 41, even: false, none: null }))[0])
      expect(inTx).toEqual({ t: "in 'tx'", n: 42, b: false, z: null })
      // A value that is not plain (a date) runs as a plain statement.
      const [row] = await yearOf(db, { at: new Date('2026-01-02T03:04:05Z') })
      expect(row.y).toBe(2026)
      // The users table is still there after the injection attempt above.
      const [count] = await userCount(db, {})
      expect(count.n).toBe(0)
    } finally {
      await database.close()
    }
  })
})

describe('prepared statements on the embedded database', () => {
  const twice = preparedStatement<{ n: number }, { i: number }>((p) => sql`select ${p.i}::int * 2 as n`)

  it('stay prepared when their first calls come together: later calls run the prepared statement, not a plain one', async () => {
    const database = await openPglite(null)
    try {
      const { db } = database
      const first = await Promise.all(Array.from({ length: 8 }, (_, i) => twice(db, { i })))
      expect(first.map(([row]) => row.n)).toEqual([0, 2, 4, 6, 8, 10, 12, 14])
      const plain = vi.spyOn(db, 'execute')
      expect((await twice(db, { i: 21 }))[0].n).toBe(42)
      expect(plain).not.toHaveBeenCalled()
    } finally {
      await database.close()
    }
  })
})
