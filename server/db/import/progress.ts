import path from 'node:path'
import type { ImportSummary } from './types'

const nf = new Intl.NumberFormat('en-US')
const n = (value: number) => nf.format(Math.round(value))

export interface ProgressState {
  /** Records read so far. */
  rows: number
  /** Bytes of the file read so far, and its size. */
  bytes: number
  totalBytes: number
  elapsedMs: number
}

/** `0:42`, `12:05`, `1:02:09`. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000))
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60]
  const mmss = `${h ? String(m).padStart(2, '0') : m}:${String(s).padStart(2, '0')}`
  return h ? `${h}:${mmss}` : mmss
}

const BAR = 24

/**
 * One progress line of the reading: share of the file's bytes (as a bar on a
 * terminal), records, records per second and the time left at that pace.
 */
export function formatProgress(s: ProgressState, tty: boolean): string {
  const share = s.totalBytes > 0 ? Math.min(1, s.bytes / s.totalBytes) : 0
  const seconds = s.elapsedMs / 1000
  const rate = seconds > 0 ? s.rows / seconds : 0
  // Bytes go at an even pace through a file, records vary in length.
  const eta = share > 0 && share < 1 ? formatDuration((s.elapsedMs * (1 - share)) / share) : share >= 1 ? '0:00' : '?'
  const percent = `${Math.floor(share * 100)}%`.padStart(4)
  const records = `${n(s.rows)} record${s.rows === 1 ? '' : 's'}`
  if (!tty) return `  read ${percent}: ${records}, ${n(rate)} records/s, ETA ${eta}`
  const filled = Math.round(share * BAR)
  return `  ${'█'.repeat(filled)}${'░'.repeat(BAR - filled)} ${percent}  ${records}  ${n(rate)}/s  ETA ${eta}`
}

/**
 * Progress on a stream: a bar rewritten in place on a terminal (at most ten
 * times a second), plain lines (at most one every `plainEveryMs`) when the
 * stream is a file or a pipe.
 */
export class Progress {
  private readonly tty: boolean
  private readonly started: number
  private lastShown = 0
  private open = false
  private bytes = 0
  private totalBytes = 0

  constructor(
    private readonly stream: NodeJS.WritableStream | null | undefined,
    private readonly opts: { now?: () => number; plainEveryMs?: number } = {},
  ) {
    this.tty = Boolean((stream as NodeJS.WriteStream | undefined)?.isTTY)
    this.started = this.now()
  }

  private now(): number {
    return (this.opts.now ?? Date.now)()
  }

  /** The size of the file being read: the 100 % of the bar. */
  size(totalBytes: number): void {
    this.totalBytes = totalBytes
  }

  /** How far into the file (in bytes) the reader is. */
  at(bytes: number): void {
    this.bytes = bytes
  }

  /** Called once per record; looks at the clock once every 1000 records. */
  record(summary: ImportSummary): void {
    if (!this.stream || summary.read % 1000 !== 0) return
    const now = this.now()
    if (now - this.lastShown < (this.tty ? 100 : (this.opts.plainEveryMs ?? 2000))) return
    this.lastShown = now
    this.show(
      formatProgress({ rows: summary.read, bytes: this.bytes, totalBytes: this.totalBytes, elapsedMs: now - this.started }, this.tty),
    )
  }

  /** A line that stays: the end of a phase, or what comes next. */
  note(text: string): void {
    if (!this.stream) return
    this.end()
    this.stream.write(`  ${text}\n`)
  }

  /** The final reading line, with the whole file read. */
  doneReading(summary: ImportSummary): void {
    if (!this.stream) return
    const elapsedMs = this.now() - this.started
    this.show(formatProgress({ rows: summary.read, bytes: this.totalBytes, totalBytes: this.totalBytes, elapsedMs }, this.tty))
    this.end()
  }

  /** Milliseconds since the import started. */
  elapsed(): number {
    return this.now() - this.started
  }

  private show(text: string): void {
    if (!this.stream) return
    if (this.tty) {
      this.stream.write(`\r\x1b[K${text}`)
      this.open = true
    } else this.stream.write(`${text}\n`)
  }

  /** Ends the in-place line so what follows starts on its own line. */
  end(): void {
    if (this.open) this.stream?.write('\n')
    this.open = false
  }
}

const TITLES: Record<ImportSummary['format'], string> = {
  phoneblock: 'PhoneBlock blocklist',
  ftc: 'FTC Do-Not-Call complaints',
  csv: 'CSV list',
}

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

/** The end-of-import report as an aligned table. */
export function formatSummary(s: ImportSummary): string {
  const skippedTotal = Object.values(s.skipped).reduce((a, b) => a + b, 0)
  const rows: Array<[string, number] | null> = [
    ['records read', s.read],
    ['accepted', s.accepted],
    ['skipped', skippedTotal],
    ...Object.entries(s.skipped)
      .sort((a, b) => b[1] - a[1])
      .map(([reason, count]): [string, number] => [`  ${reason}`, count]),
    null,
    ['distinct numbers', s.numbers],
    ['  new to the database', s.newNumbers],
    ['evidence rows new', s.imported],
    ['evidence rows updated', s.updated],
    ['evidence rows unchanged', s.unchanged],
  ]
  const labelWidth = Math.max(...rows.map((r) => (r ? r[0].length : 0)))
  const valueWidth = Math.max(...rows.map((r) => (r ? n(r[1]).length : 0)))
  const lines = rows.map((r) => (r ? `  ${r[0].padEnd(labelWidth)}  ${n(r[1]).padStart(valueWidth)}` : ''))
  const seconds = (s.durationMs / 1000).toFixed(1)
  const title = `${TITLES[s.format]} import of ${path.basename(s.file)}`
  const head = s.alreadyImportedAt
    ? [
        `${title}: already imported on ${when(s.alreadyImportedAt)} as the last ${s.format} import, so nothing changed (checked in ${seconds} s; --force reads it again).`,
        'Its figures then:',
      ]
    : [`${title} finished in ${seconds} s`]
  return [...head, '', ...lines].join('\n')
}
