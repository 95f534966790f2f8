/**
 * npm run payments:report [-- --days N]: purchases, refunds and the plans in force over
 * the last N days (30 by default), from the database the server uses (both engines).
 */
import { formatPrice } from '../modules/payments/catalogue'
import { paymentsReport } from '../modules/payments/repository'
import type { Db } from '../db/client'
import { printReport, readDays as readDaysArg, runCli } from './common'

const USAGE = 'Usage: npm run payments:report [-- --days N]   (N from 1 to 3650, default 30)'

export const readDays = (argv: string[]) => readDaysArg(argv, 30, USAGE)

/** Minor units in the currency's own decimals, as the catalogue formats prices. */
const money = (minor: number, currency: string) => formatPrice(minor, currency, 'en')
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace('T', ' ') : '—')

/** The report as text: one section per kind, totals per currency. */
export async function renderReport(db: Db, days: number, now = new Date()): Promise<string> {
  const since = new Date(now.getTime() - days * 86_400_000)
  const { purchases, refunds, plans } = await paymentsReport(db, since)
  const lines: string[] = [`Payments since ${day(since)} UTC (${days} days)`, '', `Purchases: ${purchases.length}`]
  for (const p of purchases) {
    lines.push(
      `  ${day(p.paidAt)}  #${p.id}  ${p.provider.padEnd(6)}  ${p.product.padEnd(16)}  ${money(p.amount, p.currency).padStart(12)}  ${p.buyer}${p.status === 'refunded' ? '  (refunded)' : ''}`,
    )
  }
  const totals = new Map<string, number>()
  for (const p of purchases) totals.set(p.currency, (totals.get(p.currency) ?? 0) + p.amount)
  for (const [currency, sum] of totals) lines.push(`  total ${money(sum, currency)}`)
  lines.push('', `Refunds: ${refunds.length}`)
  for (const r of refunds) lines.push(`  ${day(r.at)}  ${r.phone}  ${r.coins} coins taken back  (${r.ref})`)
  lines.push('', `Plans in force: ${plans.length}`)
  for (const p of plans)
    lines.push(
      `  ${p.phone}  ${p.tier} ${p.period}  ${p.provider.padEnd(6)}  ${p.status.padEnd(8)}  until ${day(p.expiresAt)}${p.autoRenewing ? ', renews' : ''}`,
    )
  return `${lines.join('\n')}\n`
}

async function main(): Promise<void> {
  const days = readDays(process.argv.slice(2))
  await printReport((db) => renderReport(db, days))
}

if (process.argv[1] && /payments-report\.ts$/.test(process.argv[1])) runCli(main)
