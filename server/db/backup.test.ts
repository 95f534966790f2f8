import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { backupDataDir } from '../cli/db-backup'
import { restoreDataDir } from '../cli/db-restore'
import { DataDirNotEmptyError, openPglite, rowsOf } from './client'

const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `callerid-${name}-`))
const numbersIn = async (dir: string) => {
  const db = await openPglite(dir)
  try {
    return rowsOf<{ e164: string }>(await db.db.execute(sql`select e164 from numbers`))
      .map((r) => r.e164)
      .sort()
  } finally {
    await db.close()
  }
}

describe('backups of the embedded database', () => {
  it('backs up a stopped database and restores it into a fresh folder, never over an existing one', async () => {
    const dir = tmp('backup-src')
    const db = await openPglite(dir)
    await db.db.execute(sql`insert into numbers (e164) values ('+493012345678'), ('+4915112345678')`)
    await db.close()
    const file = path.join(tmp('backup-out'), 'nightly.tar.gz')
    const { bytes, viaServer } = await backupDataDir(dir, file)
    expect(viaServer).toBe(false)
    expect(bytes).toBeGreaterThan(1000)
    expect(fs.statSync(file).size).toBe(bytes)

    const fresh = path.join(tmp('restore'), 'data')
    await restoreDataDir(fresh, file)
    expect(await numbersIn(fresh)).toEqual(['+4915112345678', '+493012345678'])
    await expect(restoreDataDir(dir, file)).rejects.toThrow(DataDirNotEmptyError)
  }, 120_000)

  it('takes a consistent backup from the running server, which keeps running', async () => {
    const dir = tmp('backup-live')
    // A server-like process: holds the folder, writes, and answers backup requests as server/index.ts does.
    const script = `
      import { sql } from 'drizzle-orm'
      import { openPglite } from './server/db/client.ts'
      import { answerBackupRequests } from './server/db/backup.ts'
      const db = await openPglite(process.argv[1])
      await db.db.execute(sql\`insert into numbers (e164) values ('+494000000001')\`)
      answerBackupRequests(process.argv[1], db.backup)
      process.stdout.write('ready\\n')
      // Writes go on while the backup is taken.
      let n = 1
      setInterval(() => void db.db.execute(sql\`insert into numbers (e164) values (\${'+4930' + String(n++).padStart(8, '0')})\`), 5)
    `
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (b: Buffer) => b.toString().includes('ready') && resolve())
        child.on('exit', (code) => reject(new Error(`server exited with ${code}`)))
      })
      const file = path.join(tmp('backup-live-out'), 'live.tar.gz')
      const { viaServer } = await backupDataDir(dir, file)
      expect(viaServer).toBe(true)
      expect(child.exitCode).toBeNull()

      const fresh = path.join(tmp('restore-live'), 'data')
      await restoreDataDir(fresh, file)
      const restored = await numbersIn(fresh)
      expect(restored).toContain('+494000000001')
      // Whatever the backup caught of the stream is a gap-free prefix of it: no torn state.
      const stream = restored
        .filter((e) => e.startsWith('+4930'))
        .map((e) => Number(e.slice(5)))
        .sort((a, b) => a - b)
      expect(stream).toEqual(stream.map((_, i) => i + 1))
    } finally {
      child.kill('SIGKILL')
    }
  }, 120_000)
})
