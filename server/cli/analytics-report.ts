/**
 * npm run analytics:report [-- --days N]: page views and searches per day and route
 * over the last N days (7 by default), from the database the server uses (both engines).
 */
import type { Db } from '../db/client'
import { countsSince } from '../modules/analytics/repository'
import { printReport, readDays as readDaysArg, runCli } from './common'

const USAGE = 'Usage: npm run analytics:report [-- --days N]   (N from 1 to 3650, default 7)'

export const readDays = (argv: string[]) => readDaysArg(argv, 7, USAGE)

/** The report as text: one block per UTC day, its routes by count, page views and searches apart. */
export async function renderReport(db: Db, days: number, now = new Date()): Promise<string> {
  // Today counts as one of the N days.
  const since = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10)
  const rows = await countsSince(db, since)
  const lines = [`Page views and searches since ${since} (UTC, ${days} days)`]
  if (!rows.length) lines.push('', 'Nothing counted.')
  let day = ''
  for (const r of rows) {
    if (r.day !== day) {
      day = r.day
      const total = (kind: string) => rows.filter((x) => x.day === day && x.kind === kind).reduce((n, x) => n + x.count, 0)
      lines.push('', `${day}  page views ${total('pageview')}, searches ${total('search')}`)
    }
    lines.push(`  ${r.kind.padEnd(8)}  ${String(r.count).padStart(7)}  ${r.route}`)
  }
  return `${lines.join('\n')}\n`
}

async function main(): Promise<void> {
  const days = readDays(process.argv.slice(2))
  await printReport((db) => renderReport(db, days))
}

if (process.argv[1] && /analytics-report\.ts$/.test(process.argv[1])) runCli(main)
