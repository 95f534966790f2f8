import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { DataDirLockedError, openPglite } from './client'

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
