import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client'
import { LOCKS } from '../../db/locks'
import type { JobOptions, ScheduledJob } from '../../plugins/jobs'
import { renewCommentSubscriptions } from './repository'

export type RenewalOutcome = Awaited<ReturnType<typeof renewCommentSubscriptions>>
export type RenewalJob = ScheduledJob<RenewalOutcome>

declare module 'fastify' {
  interface FastifyInstance {
    renewalJob: RenewalJob
  }
}

/**
 * Renews hidden reviews (coin-paid comment subscriptions) every RENEWAL_INTERVAL_MINUTES
 * (0 turns it off), one server process at a time (docs/decisions/0005).
 */
export function renewalJob(app: FastifyInstance, database: Database): JobOptions<RenewalOutcome> {
  return {
    name: 'renewing hidden reviews',
    lockKey: LOCKS.renewalJob,
    intervalMinutes: app.env.RENEWAL_INTERVAL_MINUTES,
    work: (now) => renewCommentSubscriptions(database.db, now),
    report: (outcome) => {
      if (outcome.renewed + outcome.lapsed + outcome.failed > 0) app.log.info({ renewals: outcome }, 'renewed hidden reviews')
      if (outcome.failed)
        app.log.warn({ failed: outcome.failed }, 'some hidden reviews could not be renewed; they are retried on the next run')
    },
  }
}
