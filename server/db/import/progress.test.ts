import { describe, expect, it } from 'vitest'
import { formatDuration, formatProgress, formatSummary, Progress } from './progress'
import { emptySummary } from './types'

/** A writable stream that keeps what is written; a terminal when `tty`. */
function screen(tty: boolean) {
  const written: string[] = []
  return { stream: { isTTY: tty, write: (text: string) => written.push(text) } as unknown as NodeJS.WritableStream, written }
}

describe('import progress', () => {
  it('says how far, how fast and how long still, as a bar on a terminal and as a line elsewhere', () => {
    const state = { rows: 250_000, bytes: 25_000_000, totalBytes: 100_000_000, elapsedMs: 5_000 }
    expect(formatProgress(state, false)).toBe('  read  25%: 250,000 records, 50,000 records/s, ETA 0:15')
    expect(formatProgress(state, true)).toBe(`  ${'█'.repeat(6)}${'░'.repeat(18)}  25%  250,000 records  50,000/s  ETA 0:15`)
    expect(formatProgress({ ...state, bytes: 0, rows: 0 }, false)).toBe('  read   0%: 0 records, 0 records/s, ETA ?')
    expect(formatProgress({ ...state, bytes: state.totalBytes }, false)).toMatch(/read 100%: .* ETA 0:00$/)
    expect([42_000, 725_000, 3_729_000].map(formatDuration)).toEqual(['0:42', '12:05', '1:02:09'])
  })

  it('rewrites one line on a terminal ten times a second at most, and prints a line every two seconds elsewhere', () => {
    for (const tty of [true, false]) {
      let now = 0
      const { stream, written } = screen(tty)
      const progress = new Progress(stream, { now: () => now })
      progress.size(1_000_000)
      const summary = emptySummary('ftc', 'complaints.csv')
      // 100,000 records over 10 s, the file read evenly.
      for (let i = 1; i <= 100_000; i++) {
        summary.read = i
        now = i / 10
        progress.at(i * 10)
        progress.record(summary)
      }
      progress.doneReading(summary)
      progress.note('merging…')
      const lines = written
        .join('')
        .split('\n')
        .flatMap((line) => (tty ? line.split('\r\u001b[K') : [line]))
        .filter(Boolean)
      expect(lines.length).toBeGreaterThan(tty ? 50 : 3)
      expect(lines.length).toBeLessThan(tty ? 110 : 8)
      expect(lines.at(-2)).toContain('100%')
      expect(lines.at(-2)).toContain('10,000')
      expect(lines.at(-1)).toBe('  merging…')
      // On a terminal the bar's line is ended before the note, so the note starts on its own line.
      if (tty) expect(written.join('')).toContain('ETA 0:00\n  merging…\n')
    }
  })

  it('prints nothing without a stream', () => {
    const progress = new Progress(null)
    const summary = { ...emptySummary('ftc', 'x.csv'), read: 1000 }
    expect(() => {
      progress.record(summary)
      progress.doneReading(summary)
      progress.note('x')
      progress.end()
    }).not.toThrow()
  })

  it('says when a file was not read because it had been imported', () => {
    const summary = {
      ...emptySummary('ftc', '/data/complaints.csv'),
      read: 10,
      accepted: 9,
      unchanged: 12,
      alreadyImportedAt: '2026-01-02T03:04:05.000Z',
    }
    const text = formatSummary(summary)
    expect(text.split('\n')[0]).toBe(
      'FTC Do-Not-Call complaints import of complaints.csv: already imported on 2026-01-02 03:04 UTC as the last ftc import, so nothing changed (checked in 0.0 s; --force reads it again).',
    )
    expect(text).toMatch(/evidence rows unchanged\s+12/)
  })
})
