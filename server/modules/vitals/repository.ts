import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { webVitals } from '../../db/schema'
import type { VitalEntry, VitalName } from '../../../contract/api/vitals'

/** Stores one page load's values, in one statement: the metric, route pattern, value and rating, and the time. Nothing about who. */
export async function storeVitals(db: Db, metrics: readonly VitalEntry[], now = new Date()): Promise<void> {
  if (!metrics.length) return
  await db
    .insert(webVitals)
    .values(metrics.map((m) => ({ metric: m.name, route: m.route, value: m.value, rating: m.rating, createdAt: now })))
}

export interface VitalsPercentile {
  route: string
  metric: VitalName
  count: number
  /** The 75th percentile (interpolated): milliseconds for LCP and INP, the score for CLS. */
  p75: number
}

/** Per route pattern and metric, the number of values since `since` and their 75th percentile; routes by name, then LCP, INP, CLS. */
export async function percentilesSince(db: Db, since: Date): Promise<VitalsPercentile[]> {
  const rows = await db
    .select({
      route: webVitals.route,
      metric: webVitals.metric,
      count: sql<number>`count(*)::int`,
      p75: sql<number>`percentile_cont(0.75) within group (order by ${webVitals.value})`.mapWith(Number),
    })
    .from(webVitals)
    .where(sql`${webVitals.createdAt} >= ${since.toISOString()}`)
    .groupBy(webVitals.route, webVitals.metric)
    .orderBy(webVitals.route, sql`case ${webVitals.metric} when 'LCP' then 0 when 'INP' then 1 else 2 end`)
  return rows
}
