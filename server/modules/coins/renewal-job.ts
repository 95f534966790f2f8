import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client'
import { scheduleJob, type ScheduledJob } from '../../plugins/jobs'
import { renewCommentSubscriptions } from './repository'

/** Advisory lock key of the renewal job: one server process renews at a time. */
export const RENEWAL_LOCK_KEY = 727275

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
export function registerRenewalJob(app: FastifyInstance, database: Database): void {
  app.decorate(
    'renewalJob',
    scheduleJob(app, database, {
      name: 'renewing hidden reviews',
      lockKey: RENEWAL_LOCK_KEY,
      intervalMinutes: app.env.RENEWAL_INTERVAL_MINUTES,
      work: (now) => renewCommentSubscriptions(database.db, now),
      report: (outcome) => {
        if (outcome.renewed + outcome.lapsed + outcome.failed > 0) app.log.info({ renewals: outcome }, 'renewed hidden reviews')
        if (outcome.failed) app.log.warn({ failed: outcome.failed }, 'some hidden reviews could not be renewed; they are retried on the next run')
      },
    }),
  )
}
