import type { FastifyInstance } from 'fastify'
import { buildApp } from './app'
import { answerBackupRequests } from './db/backup'
import { DataDirLockedError, openDatabase, type Database } from './db/client'
import { EnvError, loadEnv, type Env } from './env'

export interface StartOptions {
  /** Seeds the demo data into an empty database when SEED_DEMO is on (default). A cluster worker does not: its primary seeded once before forking. */
  seed?: boolean
  /** Prints the "is running at" line (default); a cluster's primary prints it once for all its workers. */
  announce?: boolean
}

/** The validated environment; a bad variable ends the process with one readable message. */
export function loadEnvOrExit(): Env {
  try {
    return loadEnv()
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
}

/**
 * Opens (and migrates) the database, then seeds the demo data into an empty one when
 * asked; a database that cannot be opened ends the process with a readable message.
 */
export async function openDatabaseOrExit(env: Env, opts: { seed: boolean }): Promise<Database> {
  let database
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message)
      process.exit(1)
    }
    console.error(`Cannot open the database: ${(err as Error).message}`)
    process.exit(1)
  }

  if (opts.seed && env.SEED_DEMO) {
    const { seedDemo } = await import('./db/seed')
    if (await seedDemo(database.db)) console.log('Seeded synthetic demo data into the empty database.')
  }
  return database
}

/** "Caller ID is running at http://localhost:3000 (…)": the line a person starting the server waits for. */
export function runningMessage(env: Env, where: string): string {
  const shown = env.HOST === '0.0.0.0' || env.HOST === '127.0.0.1' ? 'localhost' : env.HOST
  return `Caller ID is running at http://${shown}:${env.PORT} (${where})`
}

/** Starts the API (and the built SPA) and shuts it down cleanly on SIGTERM/SIGINT. */
export async function startServer(opts: StartOptions = {}): Promise<void> {
  const env = loadEnvOrExit()
  const database = await openDatabaseOrExit(env, { seed: opts.seed ?? true })

  const app = await buildApp({ env, database })
  // `npm run db:backup` asks this process for a consistent dump while it holds the folder.
  if (database.backup && env.DATA_DIR) answerBackupRequests(env.DATA_DIR, database.backup)
  const shutdown = createShutdown(app, database)
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  try {
    await app.listen({ port: env.PORT, host: env.HOST })
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    console.error(
      code === 'EADDRINUSE' ? `Port ${env.PORT} is in use. Stop the other server or set PORT.` : `Cannot listen: ${(err as Error).message}`,
    )
    await database.close()
    process.exit(1)
  }
  // The blocklist each process keeps (ADR 0056) is read from now on, not from the first call that needs it: on a million
  // numbers the read takes seconds, and look-ups made meanwhile are slower.
  app.blocklist.keep()
  if (opts.announce ?? true)
    console.log(runningMessage(env, database.kind === 'pglite' ? `embedded database in ${env.DATA_DIR}` : 'PostgreSQL'))
}

if (import.meta.url === `file://${process.argv[1]}`) void startServer()

/**
 * Graceful shutdown: stop accepting connections, let in-flight requests finish, close
 * the database (releasing the data folder), then exit 0; exit 1 after 15 s regardless.
 */
export function createShutdown(app: FastifyInstance, database: Database, exit: (code: number) => void = process.exit) {
  let closing = false
  return async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting')
      exit(1)
    }, 15_000)
    force.unref()
    // Keep-alive connections that finish their request while we close would hold the
    // server open until their timeout: close each as soon as it is idle.
    const sweep = setInterval(() => app.server.closeIdleConnections?.(), 100)
    try {
      await app.close()
      clearInterval(sweep)
      await database.close()
      clearTimeout(force)
      exit(0)
    } catch (err) {
      app.log.error({ err }, 'error during shutdown')
      exit(1)
    }
  }
}
