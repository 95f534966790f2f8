import type { FastifyInstance } from 'fastify'
import type { Database, Db } from '../../db/client'
import { LOCKS } from '../../db/locks'
import type { JobOptions, ScheduledJob } from '../../plugins/jobs'
import { purgeCandidates, purgeUser, RESTORE_MS } from './repository'

/** Accounts handled per run at most; the next run takes the rest. */
const BATCH = 500

export interface PurgeOutcome {
  purged: number
}
export type PurgeJob = ScheduledJob<PurgeOutcome>

declare module 'fastify' {
  interface FastifyInstance {
    purgeJob: PurgeJob
  }
}

/**
 * Erases the personal data of accounts deactivated more than 30 days before `now`
 * (DESIGN.md section 9). Each account in its own transaction that checks it again, so
 * two runs at once (two servers on PostgreSQL, the lock aside) purge it once.
 */
export async function purgeDeactivated(db: Db, now = new Date()): Promise<PurgeOutcome> {
  const cutoff = new Date(now.getTime() - RESTORE_MS)
  let purged = 0
  for (const userId of await purgeCandidates(db, cutoff, BATCH)) {
    if (await purgeUser(db, userId, cutoff)) purged++
  }
  return { purged }
}

/** Runs the purge every PURGE_INTERVAL_MINUTES (0 turns it off), one server process at a time (docs/decisions/0005). */
export function purgeJob(app: FastifyInstance, database: Database): JobOptions<PurgeOutcome> {
  return {
    name: 'purging deactivated accounts',
    lockKey: LOCKS.purgeJob,
    intervalMinutes: app.env.PURGE_INTERVAL_MINUTES,
    work: (now) => purgeDeactivated(database.db, now),
    report: (outcome) => {
      if (outcome.purged > 0) app.log.info({ purged: outcome.purged }, 'erased the personal data of accounts deactivated over 30 days ago')
    },
  }
}
