import path from 'node:path'
import type { ImportSummary } from './types'

const nf = new Intl.NumberFormat('en-US')
const n = (value: number) => nf.format(value)

/**
 * Progress on a stream: one line rewritten in place on a terminal, plain lines
 * (at most one a second) when the stream is a file or a pipe.
 */
export class Progress {
  private readonly tty: boolean
  private lastLine = 0
  private open = false

  constructor(
    private readonly stream: NodeJS.WritableStream | null | undefined,
    private readonly every = 1000,
  ) {
    this.tty = Boolean((stream as NodeJS.WriteStream | undefined)?.isTTY)
  }

  /** Called once per record; reports every `every` records. */
  record(summary: ImportSummary): void {
    if (summary.read % this.every !== 0) return
    const skipped = Object.values(summary.skipped).reduce((a, b) => a + b, 0)
    this.show(`  read ${n(summary.read)}, accepted ${n(summary.accepted)}, skipped ${n(skipped)}`)
  }

  /** Called once per evidence row handed to the writer, for imports that write after reading. */
  writing(done: number, total: number): void {
    if (done % (this.every * 10) === 0) this.show(`  written ${n(done)} of ${n(total)} evidence rows`)
  }

  /** The line between reading and writing, for imports that tally first; it stays on screen. */
  note(summary: ImportSummary, rows: number): void {
    if (!this.stream) return
    this.end()
    this.stream.write(`  read ${n(summary.read)} rows, ${n(summary.accepted)} accepted: writing ${n(rows)} evidence rows for ${n(summary.numbers)} numbers\n`)
    this.lastLine = Date.now()
  }

  private show(text: string): void {
    if (!this.stream) return
    if (this.tty) {
      this.stream.write(`\r\x1b[K${text}`)
      this.open = true
      return
    }
    const now = Date.now()
    if (now - this.lastLine < 1000) return
    this.lastLine = now
    this.stream.write(`${text}\n`)
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
  return [`${TITLES[s.format]} import of ${path.basename(s.file)} finished in ${seconds} s`, '', ...lines].join('\n')
}
