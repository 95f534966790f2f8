import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client'
import { LOCKS } from '../../db/locks'
import type { JobOptions, ScheduledJob } from '../../plugins/jobs'
import { refreshBlocklistJob, type RefreshOutcome } from './repository'

/** Minutes between refreshes: a new number with evidence reaches `check` by hash within this (the lists and a rating refresh at once). */
const INTERVAL_MINUTES = 1

export type BlocklistJob = ScheduledJob<RefreshOutcome>

declare module 'fastify' {
  interface FastifyInstance {
    blocklistJob: BlocklistJob
  }
}

/** Refreshes the blocklist from the evidence every minute (every number once a day), one server process at a time. */
export function blocklistJob(app: FastifyInstance, database: Database): JobOptions<RefreshOutcome> {
  return {
    name: 'refreshing the blocklist',
    lockKey: LOCKS.blocklistJob,
    intervalMinutes: INTERVAL_MINUTES,
    work: (now) => refreshBlocklistJob(database.db, now),
    report: (outcome) => {
      if (outcome.changed)
        app.log.info({ checked: outcome.checked, changed: outcome.changed, version: outcome.version }, 'blocklist refreshed')
    },
  }
}
