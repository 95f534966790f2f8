import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client'
import { LOCKS } from '../../db/locks'
import type { JobOptions, ScheduledJob } from '../../plugins/jobs'
import { expireIntroductions, INTRODUCTION_TTL_DAYS } from './repository'

export type FofExpiryJob = ScheduledJob<Awaited<ReturnType<typeof expireIntroductions>>>

declare module 'fastify' {
  interface FastifyInstance {
    fofExpiryJob: FofExpiryJob
  }
}

/**
 * Expires introduction requests nobody accepted within INTRODUCTION_TTL_DAYS and refunds
 * them, every FOF_EXPIRY_INTERVAL_MINUTES (0 turns it off), one server process at a time
 * (docs/decisions/0005); the refund itself is exactly once however many run it.
 */
export function fofExpiryJob(app: FastifyInstance, database: Database): JobOptions<Awaited<ReturnType<typeof expireIntroductions>>> {
  return {
    name: `expiring introduction requests older than ${INTRODUCTION_TTL_DAYS} days`,
    lockKey: LOCKS.fofExpiryJob,
    intervalMinutes: app.env.FOF_EXPIRY_INTERVAL_MINUTES,
    work: (now) => expireIntroductions(database.db, now),
    report: (outcome) => {
      if (outcome.expired > 0) app.log.info({ introductions: outcome }, 'expired and refunded introduction requests')
    },
  }
}
