import { ftcSubjectTag } from '../../../contract/tags'
import type { ImportContext } from './context'
import { csvRecords, isBlank } from './csv-records'
import { phoneBatchReader } from './phone-batches'
import type { PhoneReading } from './read-phone'
import { stageComplaints, type ComplaintSink } from './stage'
import { ImportError, skip } from './types'

const columnKey = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '')
const ROBOCALL = /^(y|yes|true|1|robocall)$/i

/**
 * The US FTC Do-Not-Call complaints CSV: one row per complaint, the rows of a
 * number spread all over the file. Votes are SET to the file's totals (so a
 * re-import gives the same totals), which needs the whole file before anything
 * is written: the complaints stream into a staging table (COPY on PostgreSQL)
 * and the database tallies and merges them at the end (stage.ts). The process
 * holds one chunk of rows and a cache of numbers read, whatever the file's size.
 */
export async function importFtc(ctx: ImportContext): Promise<void> {
  const { summary } = ctx
  const phones = phoneBatchReader(ctx.region, ctx.phoneWorkers)
  // A handful of subject texts in a whole file: each is matched to a tag once.
  const subjects = new Map<string, string | null>()
  let columns: FtcColumns | null = null

  /** The complaint rows of a batch (the header row and blank lines before it left out), and their number cells. */
  const rowsOf = (batch: string[][]): { rows: string[][]; cells: Array<string | undefined> } => {
    let start = 0
    while (!columns && start < batch.length) {
      const fields = batch[start++]
      if (!isBlank(fields)) columns = readHeader(fields, ctx.file)
    }
    const rows = start ? batch.slice(start) : batch
    const count = columns?.count ?? 0
    const phone = columns?.phone ?? 0
    return { rows, cells: rows.map((fields) => (isBlank(fields) || fields.length > count ? undefined : fields[phone])) }
  }

  /** Complaints into the sink; a promise when the sink wants a pause. */
  const take = async (rows: string[][], readings: PhoneReading[], sink: ComplaintSink): Promise<void> => {
    for (let i = 0; i < rows.length; i++) {
      const fields = rows[i]
      summary.read++
      ctx.progress.record(summary)
      const reason = isBlank(fields) ? 'blank line' : fields.length > columns!.count ? 'malformed row' : undefined
      const reading = reason ? { reason } : readings[i]
      const { phone } = reading
      if (!phone) {
        skip(summary, reading.reason)
        continue
      }
      summary.accepted++
      const at = Math.max(parseFtcDate(fields[columns!.violation]), parseFtcDate(fields[columns!.created]))
      const robocall = ROBOCALL.test((fields[columns!.robocall] ?? '').trim())
      const text = fields[columns!.subject] ?? ''
      let subject = subjects.get(text)
      if (subject === undefined) subjects.set(text, (subject = ftcSubjectTag(text)))
      const wait = sink.add(phone.e164, phone.country, robocall ? 'robocall' : 'spam', subject, at)
      if (wait) await wait
    }
  }

  let merging = 0
  try {
    const counts = await stageComplaints(
      ctx.db,
      'ftc',
      async (sink) => {
        // The numbers of the next batch are read (in worker threads on a big file) while this one is written.
        let ahead: { rows: string[][]; readings: Promise<PhoneReading[]> } | null = null
        for await (const batch of csvRecords(
          ctx.file,
          () => countRow(ctx, 'malformed row'),
          ctx.signal,
          (bytes) => ctx.progress.at(bytes),
        )) {
          const { rows, cells } = rowsOf(batch)
          const next = { rows, readings: phones.read(cells) }
          if (ahead) await take(ahead.rows, await ahead.readings, sink)
          ahead = next
        }
        if (ahead) await take(ahead.rows, await ahead.readings, sink)
        if (!columns) throw new ImportError(`${ctx.file} is empty`)
      },
      () => {
        ctx.progress.doneReading(summary)
        const complaints = `${summary.accepted.toLocaleString('en-US')} complaint${summary.accepted === 1 ? '' : 's'}`
        ctx.progress.note(`${complaints} read; tallying and merging them into the database…`)
        merging = Date.now()
      },
    )
    ctx.progress.note(`merged in ${((Date.now() - merging) / 1000).toFixed(1)} s`)
    summary.numbers = counts.numbers
    summary.newNumbers += counts.newNumbers
    summary.imported += counts.imported
    summary.updated += counts.updated
    summary.unchanged += counts.unchanged
  } finally {
    await phones.close()
  }
}

function countRow(ctx: ImportContext, reason: string) {
  ctx.summary.read++
  skip(ctx.summary, reason)
}

interface FtcColumns {
  phone: number
  created: number
  violation: number
  subject: number
  robocall: number
  count: number
}

function readHeader(fields: string[], file: string): FtcColumns {
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
  const parts = fullIsoParts(text) ?? isoParts(text) ?? usParts(text)
  if (!parts) return 0
  const [y, mo, d, h, mi, s] = parts
  const ms = Date.UTC(y, mo - 1, d, h, mi, s)
  const date = new Date(ms)
  // Reject 2024-02-31 and the like instead of rolling over into March.
  if (y < 1970 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return 0
  return ms
}

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?/
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?)?/i

/** Year, month, day, hour, minute, second of `2024-1-2`, `2024-01-02 13:45` and the like. */
function isoParts(text: string): number[] | null {
  const m = ISO_DATE.exec(text)
  return m && [+m[1], +m[2], +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)]
}

/** The same of `1/2/2024`, `1/2/2024 1:45:00 PM` and the like. */
function usParts(text: string): number[] | null {
  const m = US_DATE.exec(text)
  if (!m) return null
  let hour = +(m[4] ?? 0)
  const meridiem = m[7]?.toUpperCase()
  if (meridiem === 'PM' && hour < 12) hour += 12
  if (meridiem === 'AM' && hour === 12) hour = 0
  return [+m[3], +m[1], +m[2], hour, +(m[5] ?? 0), +(m[6] ?? 0)]
}

/**
 * `2024-01-02 13:45:00` (or with a `T`), the usual form, read without a regular
 * expression: two dates a row, a million rows. Null for any other form, which
 * isoParts and usParts read; on this form isoParts gives the same parts.
 */
function fullIsoParts(t: string): number[] | null {
  if (t.length < 19 || t[4] !== '-' || t[7] !== '-' || (t[10] !== ' ' && t[10] !== 'T') || t[13] !== ':' || t[16] !== ':') return null
  const parts = [digitsAt(t, 0, 4), digitsAt(t, 5, 7), digitsAt(t, 8, 10), digitsAt(t, 11, 13), digitsAt(t, 14, 16), digitsAt(t, 17, 19)]
  return parts.includes(-1) ? null : parts
}

/** The digits of `text` from `from` up to `to` as a number; -1 unless all are digits. */
function digitsAt(text: string, from: number, to: number): number {
  let n = 0
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i) - 48
    if (c < 0 || c > 9) return -1
    n = n * 10 + c
  }
  return n
}
