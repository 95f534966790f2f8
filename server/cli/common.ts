import path from 'node:path'
import { DataDirLockedError, openDatabase, type Database } from '../db/client'
import { EnvError, loadEnv } from '../env'

/** A mistake of the operator's (bad argument, missing file): shown without a stack trace. */
export class CliError extends Error {}

/** Opens the database the server uses: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export async function openCliDatabase(): Promise<Database> {
  const env = loadEnv()
  try {
    return await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? null : env.DATA_DIR })
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      throw new CliError(`${err.message}\nThe embedded database serves one process at a time, so this command needs the server stopped.`)
    }
    const where = env.DATABASE_URL ? `PostgreSQL at ${redact(env.DATABASE_URL)}` : `the data folder ${path.resolve(env.DATA_DIR)}`
    throw new CliError(`Could not open ${where}: ${(err as Error).message}`)
  }
}

/** `--days N` of a report command (1 to 3650), or `fallback` when not given; the usage text otherwise. */
export function readDays(argv: string[], fallback: number, usage: string): number {
  if (!argv.length) return fallback
  if (argv.length !== 2 || argv[0] !== '--days' || !/^\d+$/.test(argv[1]) || Number(argv[1]) < 1 || Number(argv[1]) > 3650)
    throw new CliError(usage)
  return Number(argv[1])
}

/** Opens the database, prints what `render` makes of it, and closes it again. */
export async function printReport(render: (db: Database['db']) => Promise<string>): Promise<void> {
  const database = await openCliDatabase()
  try {
    process.stdout.write(await render(database.db))
  } finally {
    await database.close()
  }
}

/** A path given on the command line, read from where `npm run` was started. */
export function resolveUserPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file)
}

/** Runs a command, turning expected failures into one readable line on stderr and exit code 1. */
export function runCli(main: () => Promise<void>, knownErrors: Array<new (...args: never[]) => Error> = []): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      const known = [CliError, EnvError, DataDirLockedError, ...knownErrors].some((E) => err instanceof E)
      const message = describe(err)
      process.stderr.write(`${known ? '' : 'Failed: '}${message}\n`)
      if (!known && process.env.DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`)
      process.exit(1)
    },
  )
}

/** The message of an error; for a failed query the database's own words, not the whole SQL and its parameters. */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err)
  const cause = (err as { cause?: unknown }).cause
  if (err.message.startsWith('Failed query') && cause instanceof Error) return `database error: ${cause.message}`
  return err.message
}

function redact(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return 'DATABASE_URL'
  }
}
