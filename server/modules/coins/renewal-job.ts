import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client'
import { renewCommentSubscriptions } from './repository'

/** Advisory lock key of the renewal job: one server process renews at a time. */
export const RENEWAL_LOCK_KEY = 727275
/** The first run comes this soon after start (or after one interval when that is shorter). */
const FIRST_RUN_DELAY_MS = 10_000

export type RenewalOutcome = Awaited<ReturnType<typeof renewCommentSubscriptions>>

export interface RenewalJob {
  /** Runs the renewal now; null when another process was already running it. */
  run(now?: Date): Promise<RenewalOutcome | null>
  /** Whether a timer is armed (false when disabled or after the app closed). */
  readonly scheduled: boolean
  /** How many runs finished since start, skipped ones included. */
  readonly runs: number
}

declare module 'fastify' {
  interface FastifyInstance {
    renewalJob: RenewalJob
  }
}

/**
 * Renews hidden reviews (coin-paid comment subscriptions) on a timer in the server
 * process: first shortly after start, then every RENEWAL_INTERVAL_MINUTES (0 turns it
 * off). Timers do not keep the process alive and stop when the app closes; a run in
 * progress is awaited so the database is not closed under it.
 */
export function registerRenewalJob(app: FastifyInstance, database: Database): void {
  const intervalMs = app.env.RENEWAL_INTERVAL_MINUTES * 60_000
  let timer: NodeJS.Timeout | null = null
  let running: Promise<unknown> | null = null
  let closed = false
  let runs = 0

  async function run(now?: Date): Promise<RenewalOutcome | null> {
    try {
      const outcome = await database.exclusive(RENEWAL_LOCK_KEY, () => renewCommentSubscriptions(database.db, now))
      if (outcome && outcome.renewed + outcome.lapsed + outcome.failed > 0) app.log.info({ renewals: outcome }, 'renewed hidden reviews')
      if (outcome?.failed) app.log.warn({ failed: outcome.failed }, 'some hidden reviews could not be renewed; they are retried on the next run')
      return outcome
    } finally {
      runs++
    }
  }

  function arm(delay: number) {
    timer = setTimeout(() => {
      timer = null
      running = run()
        .catch((err: unknown) => app.log.error({ err }, 'renewing hidden reviews failed'))
        .finally(() => {
          running = null
          if (!closed) arm(intervalMs)
        })
    }, delay)
    timer.unref()
  }

  app.decorate('renewalJob', {
    run,
    get scheduled() {
      return timer !== null
    },
    get runs() {
      return runs
    },
  } satisfies RenewalJob)

  if (intervalMs <= 0) return
  app.addHook('onReady', async () => arm(Math.min(FIRST_RUN_DELAY_MS, intervalMs)))
  app.addHook('onClose', async () => {
    closed = true
    if (timer) clearTimeout(timer)
    timer = null
    await running
  })
}
