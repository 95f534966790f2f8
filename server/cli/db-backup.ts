/**
 * npm run db:backup -- FILE
 * A consistent backup of the embedded database, also while the server runs (it is
 * asked for the dump: server/db/backup.ts). PostgreSQL: use pg_dump (docs/operations.md).
 */
import fs from 'node:fs'
import path from 'node:path'
import { requestBackup } from '../db/backup'
import { lockOwner, openPglite } from '../db/client'
import { loadEnv } from '../env'
import { CliError, resolveUserPath, runCli } from './common'

const USAGE = `Usage: npm run db:backup -- FILE

  FILE  where to write the backup (a gzipped tar of the embedded database)

Backs up the embedded database in DATA_DIR (./data), also while the server runs.
With DATABASE_URL set, use pg_dump instead (see docs/operations.md).`

/** Writes the backup of `dataDir` to `file`; the size in bytes and whether the running server made it. */
export async function backupDataDir(dataDir: string, file: string): Promise<{ bytes: number; viaServer: boolean }> {
  if (!fs.existsSync(path.join(dataDir, 'pgdata'))) throw new CliError(`${path.resolve(dataDir)} holds no database to back up.`)
  const owner = lockOwner(dataDir)
  if (owner?.alive && owner.pid !== process.pid) return { bytes: await requestBackup(dataDir, owner.pid, file), viaServer: true }
  const database = await openPglite(dataDir)
  try {
    return { bytes: await database.backup!(file), viaServer: false }
  } finally {
    await database.close()
  }
}

async function main() {
  const args = process.argv.slice(2)
  if (args.includes('--help') || args.includes('-h')) return void process.stdout.write(`${USAGE}\n`)
  if (args.length !== 1) throw new CliError(`Expected one FILE to write.\n\n${USAGE}`)
  const env = loadEnv()
  if (env.DATABASE_URL)
    throw new CliError('DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc (see docs/operations.md), not with this command.')
  const file = resolveUserPath(args[0])
  const { bytes, viaServer } = await backupDataDir(env.DATA_DIR, file)
  process.stdout.write(
    `Backed up ${path.resolve(env.DATA_DIR)} to ${file} (${(bytes / 1024).toFixed(0)} KiB${viaServer ? ', taken by the running server' : ''}).\n`,
  )
}

if (process.argv[1] && /db-backup\.ts$/.test(process.argv[1])) runCli(main)
