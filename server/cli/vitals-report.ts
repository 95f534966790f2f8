/**
 * npm run vitals:report [-- --days N]: the 75th percentile of LCP, INP and CLS per route
 * pattern over the last N days (28 by default), from the values sampled page loads sent
 * (POST /api/v6/vitals), in the database the server uses (both engines).
 */
import { CLSThresholds, INPThresholds, LCPThresholds, type MetricRatingThresholds } from 'web-vitals'
import type { Db } from '../db/client'
import { percentilesSince } from '../modules/vitals/repository'
import { printReport, readDays as readDaysArg, runCli } from './common'

const USAGE = 'Usage: npm run vitals:report [-- --days N]   (N from 1 to 3650, default 28)'

export const readDays = (argv: string[]) => readDaysArg(argv, 28, USAGE)

/** web.dev's thresholds as web-vitals rates each value (good up to the first, poor past the second), applied to the 75th percentile as web.dev does. */
const THRESHOLDS: Record<string, MetricRatingThresholds> = { LCP: LCPThresholds, INP: INPThresholds, CLS: CLSThresholds }

const rate = (metric: string, p75: number) => {
  const [good, poor] = THRESHOLDS[metric]
  return p75 <= good ? 'good' : p75 <= poor ? 'needs improvement' : 'poor'
}

const formatP75 = (metric: string, p75: number) => (metric === 'CLS' ? p75.toFixed(3) : `${Math.round(p75)} ms`)

/** The report as text: one line per route pattern and metric with the number of values and their 75th percentile. */
export async function renderReport(db: Db, days: number, now = new Date()): Promise<string> {
  const since = new Date(now.getTime() - days * 86_400_000)
  const rows = await percentilesSince(db, since)
  const lines = [
    `Real-user metrics since ${since.toISOString().slice(0, 16).replace('T', ' ')} UTC (${days} days): 75th percentile per route`,
  ]
  if (!rows.length) {
    lines.push('', 'No data yet: no sampled page load has reported (VITALS_SAMPLE_RATE sets the share of page loads that do).')
    return `${lines.join('\n')}\n`
  }
  const routeWidth = Math.max(5, ...rows.map((r) => r.route.length))
  lines.push('', `${'route'.padEnd(routeWidth)}  metric  ${'count'.padStart(7)}  ${'p75'.padStart(9)}`)
  for (const r of rows) {
    lines.push(
      `${r.route.padEnd(routeWidth)}  ${r.metric.padEnd(6)}  ${String(r.count).padStart(7)}  ${formatP75(r.metric, r.p75).padStart(9)}  ${rate(r.metric, r.p75)}`,
    )
  }
  return `${lines.join('\n')}\n`
}

async function main(): Promise<void> {
  const days = readDays(process.argv.slice(2))
  await printReport((db) => renderReport(db, days))
}

if (process.argv[1] && /vitals-report\.ts$/.test(process.argv[1])) runCli(main)
