import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client'

/** The first run comes this soon after start (or after one interval when that is shorter). */
const FIRST_RUN_DELAY_MS = 10_000

export interface ScheduledJob<T> {
  /** Runs the job now; null when another server process was running it (it skipped its turn). */
  run(now?: Date): Promise<T | null>
  /** Whether a timer is armed (false when disabled or after the app closed). */
  readonly scheduled: boolean
  /** How many runs finished since start, skipped ones included. */
  readonly runs: number
}

export interface JobOptions<T> {
  /** For the logs: "renewing hidden reviews". */
  name: string
  /** Its PostgreSQL advisory lock (db/locks.ts LOCKS): one server process runs the job at a time. */
  lockKey: number
  intervalMinutes: number
  work(now?: Date): Promise<T>
  /** Logs what a run did, when it did anything worth saying. */
  report?(outcome: T): void
}

/**
 * A background job on a timer in the server process (docs/decisions/0005): first
 * shortly after start, then every `intervalMinutes` (0 turns it off), under an advisory
 * lock. Timers do not keep the process alive and stop when the app closes; a run in
 * progress is awaited so the database is not closed under it.
 */
export function scheduleJob<T>(app: FastifyInstance, database: Database, opts: JobOptions<T>): ScheduledJob<T> {
  const intervalMs = opts.intervalMinutes * 60_000
  let timer: NodeJS.Timeout | null = null
  let running: Promise<unknown> | null = null
  let closed = false
  let runs = 0

  async function run(now?: Date): Promise<T | null> {
    try {
      const outcome = await database.exclusive(opts.lockKey, () => opts.work(now))
      if (outcome !== null) opts.report?.(outcome)
      return outcome
    } finally {
      runs++
    }
  }

  function arm(delay: number) {
    timer = setTimeout(() => {
      timer = null
      running = run()
        .catch((err: unknown) => app.log.error({ err }, `${opts.name} failed`))
        .finally(() => {
          running = null
          if (!closed) arm(intervalMs)
        })
    }, delay)
    timer.unref()
  }

  if (intervalMs > 0) {
    app.addHook('onReady', async () => arm(Math.min(FIRST_RUN_DELAY_MS, intervalMs)))
    app.addHook('onClose', async () => {
      closed = true
      if (timer) clearTimeout(timer)
      timer = null
      await running
    })
  }
  return {
    run,
    get scheduled() {
      return timer !== null
    },
    get runs() {
      return runs
    },
  }
}

/**
 * The one way a module adds a background job: `app[decorator]` is the scheduled job
 * (tests run it with `app.purgeJob.run()`); each job's module declares the decorator's type.
 */
export function registerJob<T>(app: FastifyInstance, database: Database, decorator: string, opts: JobOptions<T>): void {
  app.decorate(decorator, scheduleJob(app, database, opts))
}
