import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { analyticsCounts } from '../../db/schema'

export type AnalyticsKind = (typeof analyticsCounts.$inferInsert)['kind']

/** Adds one to the count of the UTC day, kind, route pattern and language: nothing about who. */
export async function countEvent(db: Db, event: { kind: AnalyticsKind; route: string; locale: string }, now = new Date()): Promise<void> {
  await db
    .insert(analyticsCounts)
    .values({ day: now.toISOString().slice(0, 10), kind: event.kind, route: event.route, locale: event.locale, count: 1 })
    .onConflictDoUpdate({
      target: [analyticsCounts.day, analyticsCounts.kind, analyticsCounts.route, analyticsCounts.locale],
      set: { count: sql`${analyticsCounts.count} + 1` },
    })
}

/** The counts of the days from `since` (a UTC date, YYYY-MM-DD) on, per day, kind and route, the languages added up. */
export async function countsSince(db: Db, since: string) {
  return db
    .select({
      day: analyticsCounts.day,
      kind: analyticsCounts.kind,
      route: analyticsCounts.route,
      count: sql<number>`sum(${analyticsCounts.count})::int`,
    })
    .from(analyticsCounts)
    .where(sql`${analyticsCounts.day} >= ${since}`)
    .groupBy(analyticsCounts.day, analyticsCounts.kind, analyticsCounts.route)
    .orderBy(analyticsCounts.day, analyticsCounts.kind, sql`sum(${analyticsCounts.count}) desc`, analyticsCounts.route)
}
