/**
 * `npm start` on PostgreSQL: one server process per core (node:cluster). The primary
 * migrates and seeds once, forks the workers (each runs the whole API, and they share
 * the port), restarts a worker that dies, and stops them all on SIGTERM/SIGINT.
 * docs/decisions/0026-one-process-per-core.md.
 */
import cluster, { type Worker } from 'node:cluster'
import os from 'node:os'
import type { Env } from './env'
import { loadEnvOrExit, openDatabaseOrExit, runningMessage, startServer } from './index'

/** How many server processes run, and what to tell the person starting them about it. */
export function processCount(
  env: Pick<Env, 'WEB_CONCURRENCY' | 'DATABASE_URL' | 'REDIS_URL'>,
  cores = os.availableParallelism(),
): { count: number; notes: string[] } {
  if (!env.DATABASE_URL) {
    const asked = env.WEB_CONCURRENCY ?? 1
    // Only when someone asked for more: the default quietly runs one.
    const notes =
      asked > 1
        ? [
            `WEB_CONCURRENCY=${asked} needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process, so one server process runs.`,
          ]
        : []
    return { count: 1, notes }
  }
  const count = env.WEB_CONCURRENCY ?? cores
  const notes =
    count > 1 && !env.REDIS_URL
      ? [
          `${count} server processes without REDIS_URL: each counts rate limits, sign-in attempts and signed-call nonces on its own. Set REDIS_URL to share them.`,
        ]
      : []
  return { count, notes }
}

/** The wait before replacing a worker that died: 1 s, doubling with each crash in a row, at most 30 s. */
export function restartDelay(crashesInARow: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, crashesInARow))
}

/** A worker that served this long before dying was not crashing in a loop: the back-off starts over. */
const STABLE_MS = 60_000
/** Workers finish in-flight requests within 15 s (index.ts createShutdown); the primary waits a little longer. */
const STOP_TIMEOUT_MS = 20_000

/**
 * The server as `npm start` runs it, for any entry file: the primary (one process, or
 * the workers' supervisor) or, in a forked worker (which runs the same file), the worker.
 */
export function startServers(): Promise<void> {
  return cluster.isWorker ? startWorker() : startPrimary()
}

/** Where `npm start` goes: one process (the embedded database, or WEB_CONCURRENCY=1), or a primary with workers. */
export async function startPrimary(): Promise<void> {
  const env = loadEnvOrExit()
  const { count, notes } = processCount(env)
  for (const note of notes) console.warn(note)
  if (count === 1) return startServer()

  // Before any worker exists: migrations and the demo seed run once, never from two workers at a time.
  const database = await openDatabaseOrExit(env, { seed: true })
  await database.close()
  superviseWorkers(count, () => console.log(runningMessage(env, `PostgreSQL, ${count} server processes`)))
}

/** What a cluster worker runs: the API on the shared port, without seeding or announcing (the primary did both). */
export function startWorker(): Promise<void> {
  return startServer({ seed: false, announce: false })
}

/**
 * Forks `count` workers and keeps them running: a worker that dies is replaced after
 * restartDelay; one that dies before any worker ever listened means the configuration
 * cannot work (port in use, database unreachable), so all stop with exit 1. SIGTERM or
 * SIGINT stops every worker gracefully and exits 0 when they all did.
 */
function superviseWorkers(count: number, announce: () => void): void {
  const startedAt = new Map<number, number>()
  const listened = new Set<number>()
  let everListened = false
  let announced = false
  let stopping = false
  let failed = false
  let crashesInARow = 0

  const fork = () => {
    const worker = cluster.fork()
    startedAt.set(worker.id, Date.now())
  }
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w && !w.isDead()))

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    const workers = alive()
    if (workers.length === 0) process.exit(failed ? 1 : 0)
    for (const worker of workers) worker.process.kill(signal)
    setTimeout(() => {
      console.error('Server processes took too long to stop; ending them.')
      for (const worker of alive()) worker.process.kill('SIGKILL')
      process.exit(1)
    }, STOP_TIMEOUT_MS).unref()
  }

  cluster.on('listening', (worker) => {
    listened.add(worker.id)
    everListened = true
    if (!announced && listened.size === count) {
      announced = true
      announce()
    }
  })

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now())
    startedAt.delete(worker.id)
    listened.delete(worker.id)
    if (stopping) {
      // A stop ends with 0, or with the signal it was sent before the worker could take it.
      if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGINT') failed = true
      if (alive().length === 0) process.exit(failed ? 1 : 0)
      return
    }
    if (!everListened) {
      // The worker said why (index.ts); the others would fail the same way.
      console.error('A server process could not start; stopping.')
      failed = true
      stop('SIGTERM')
      return
    }
    if (lived >= STABLE_MS) crashesInARow = 0
    const delay = restartDelay(crashesInARow++)
    const how = signal ? `was ended by ${signal}` : `exited with code ${code}`
    console.error(`Server process ${worker.process.pid} ${how}; starting another in ${delay / 1000} s.`)
    // Not unref'd: with every worker gone, this timer is what keeps the primary alive.
    setTimeout(() => {
      if (!stopping) fork()
    }, delay)
  })

  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
  for (let i = 0; i < count; i++) fork()
}
