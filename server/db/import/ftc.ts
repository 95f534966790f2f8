import { ftcSubjectTag } from '../../../contract/tags'
import type { ImportContext } from './context'
import { csvRecords, isBlank } from './csv-records'
import { readPhone } from './read-phone'
import { ImportError, skip } from './types'

/** Complaints about one number under one label, and the latest complaint date (epoch ms, 0 when none). */
interface Tally {
  country: string | null
  votes: number
  last: number
}

const columnKey = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '')
const ROBOCALL = /^(y|yes|true|1|robocall)$/i

/**
 * The US FTC Do-Not-Call complaints CSV: one row per complaint, the rows of a
 * number spread all over the file. Votes must be SET to the file's total (so a
 * re-import gives the same totals), so rows are tallied per number first and
 * written at the end. Memory grows with the distinct numbers, not the rows: a
 * million complaints name far fewer numbers, and a number+label tally is ~150
 * bytes, so even a million distinct numbers stay within a few hundred MB
 * (measured: 1M rows naming 817k numbers imported into PGlite in ~1 GB RSS).
 */
export async function importFtc(ctx: ImportContext): Promise<void> {
  const { summary } = ctx
  const region = ctx.region ?? 'US'
  const tallies = new Map<string, Tally>()
  const distinct = new Set<string>()
  let columns: { phone: number; created: number; violation: number; subject: number; robocall: number; count: number } | null = null

  for await (const fields of csvRecords(ctx.file, () => countRow(ctx, 'malformed row'), ctx.signal)) {
    if (!columns) {
      if (isBlank(fields)) continue
      columns = readHeader(fields, ctx.file)
      continue
    }
    summary.read++
    ctx.progress.record(summary)
    if (isBlank(fields)) {
      skip(summary, 'blank line')
      continue
    }
    if (fields.length > columns.count) {
      skip(summary, 'malformed row')
      continue
    }
    const { phone, reason } = readPhone(fields[columns.phone], region)
    if (!phone) {
      skip(summary, reason)
      continue
    }
    summary.accepted++
    const at = Math.max(parseFtcDate(fields[columns.violation]), parseFtcDate(fields[columns.created]))
    distinct.add(phone.e164)
    const robocall = ROBOCALL.test((fields[columns.robocall] ?? '').trim())
    count(tallies, phone.e164, phone.country, robocall ? 'robocall' : 'spam', at)
    const subcategory = ftcSubjectTag(fields[columns.subject] ?? '')
    if (subcategory) count(tallies, phone.e164, phone.country, subcategory, at)
  }
  if (!columns) throw new ImportError(`${ctx.file} is empty`)

  summary.numbers = distinct.size
  distinct.clear()
  ctx.progress.note(summary, tallies.size)
  const writer = ctx.writer('ftc')
  let written = 0
  for (const [key, { country, votes, last }] of tallies) {
    const [e164, label] = key.split(' ')
    await writer.add({ e164, country, label, votes, lastSeen: last ? new Date(last) : null })
    ctx.progress.writing(++written, tallies.size)
  }
  await writer.flush()
}

function countRow(ctx: ImportContext, reason: string) {
  ctx.summary.read++
  skip(ctx.summary, reason)
}

function count(tallies: Map<string, Tally>, e164: string, country: string | null, label: string, at: number) {
  const key = `${e164} ${label}`
  const tally = tallies.get(key)
  if (tally) {
    tally.votes++
    tally.last = Math.max(tally.last, at)
  } else tallies.set(key, { country, votes: 1, last: at })
}

function readHeader(fields: string[], file: string) {
  const keys = fields.map(columnKey)
  const find = (name: string) => keys.indexOf(columnKey(name))
  const phone = find('Company_Phone_Number')
  if (phone < 0) {
    throw new ImportError(
      `${file} does not look like an FTC Do-Not-Call file: no Company_Phone_Number column in its first row (${fields.slice(0, 8).join(', ')})`,
    )
  }
  return {
    phone,
    created: find('Created_Date'),
    violation: find('Violation_Date'),
    subject: find('Subject'),
    robocall: find('Recorded_Message_Or_Robocall'),
    count: fields.length,
  }
}

/**
 * FTC dates come as `2024-01-02 13:45:00` or `1/2/2024 1:45:00 PM`, in US
 * Eastern time without a zone; read as UTC, which is close enough for decay.
 * Returns epoch ms, 0 when absent or unreadable.
 */
export function parseFtcDate(value: string | undefined): number {
  const text = (value ?? '').trim()
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?/.exec(text)
  let parts: number[] | null = null
  if (m) parts = [+m[1], +m[2], +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)]
  else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?)?/i.exec(text))) {
    let hour = +(m[4] ?? 0)
    const meridiem = m[7]?.toUpperCase()
    if (meridiem === 'PM' && hour < 12) hour += 12
    if (meridiem === 'AM' && hour === 12) hour = 0
    parts = [+m[3], +m[1], +m[2], hour, +(m[5] ?? 0), +(m[6] ?? 0)]
  }
  if (!parts) return 0
  const [y, mo, d, h, mi, s] = parts
  const ms = Date.UTC(y, mo - 1, d, h, mi, s)
  const date = new Date(ms)
  // Reject 2024-02-31 and the like instead of rolling over into March.
  if (y < 1970 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return 0
  return ms
}
