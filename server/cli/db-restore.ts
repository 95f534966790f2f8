/**
 * npm run db:restore -- FILE
 * Restores a backup of `npm run db:backup` into DATA_DIR, which must hold no database
 * yet; the restored copy is migrated to this version.
 */
import fs from 'node:fs'
import path from 'node:path'
import { DataDirNotEmptyError, openPglite } from '../db/client'
import { loadEnv } from '../env'
import { CliError, resolveUserPath, runCli } from './common'

const USAGE = `Usage: npm run db:restore -- FILE

  FILE  a backup written by npm run db:backup

Restores into DATA_DIR (./data), which must not hold a database yet: stop the server and
move the old folder aside first. With DATABASE_URL set, use pg_restore (see docs/operations.md).`

export async function restoreDataDir(dataDir: string, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new CliError(`No backup at ${file}.`)
  const database = await openPglite(dataDir, { restoreFrom: fs.readFileSync(file) })
  await database.close()
}

async function main() {
  const args = process.argv.slice(2)
  if (args.includes('--help') || args.includes('-h')) return void process.stdout.write(`${USAGE}\n`)
  if (args.length !== 1) throw new CliError(`Expected one backup FILE.\n\n${USAGE}`)
  const env = loadEnv()
  if (env.DATABASE_URL)
    throw new CliError('DATABASE_URL is set: restore PostgreSQL with pg_restore (see docs/operations.md), not with this command.')
  const file = resolveUserPath(args[0])
  await restoreDataDir(env.DATA_DIR, file)
  process.stdout.write(`Restored ${file} into ${path.resolve(env.DATA_DIR)}.\n`)
}

if (process.argv[1] && /db-restore\.ts$/.test(process.argv[1])) runCli(main, [DataDirNotEmptyError])
