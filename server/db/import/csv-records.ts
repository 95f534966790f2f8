import fs from 'node:fs'
import { checkAborted } from './context'

/** A quoted field may span lines, but not more than this: past it the quote is taken as broken. */
const MAX_FIELD_LINES = 20
const MAX_FIELD_CHARS = 20_000

/**
 * One CSV line as trimmed fields, or null when a quoted field is still open at
 * its end. Lenient as real lists need: a quote inside an unquoted field is a
 * character, text after a closing quote is kept.
 */
export function parseCsvLine(line: string): string[] | null {
  const fields: string[] = []
  const n = line.length
  let i = 0
  for (;;) {
    while (i < n && (line[i] === ' ' || line[i] === '\t')) i++
    let field: string
    if (line[i] === '"') {
      field = ''
      i++
      let closed = false
      while (i < n) {
        const quote = line.indexOf('"', i)
        if (quote < 0) break
        field += line.slice(i, quote)
        if (line[quote + 1] === '"') {
          field += '"'
          i = quote + 2
        } else {
          i = quote + 1
          closed = true
          break
        }
      }
      if (!closed) return null
      const comma = line.indexOf(',', i)
      field += line.slice(i, comma < 0 ? n : comma)
      i = comma < 0 ? n : comma
    } else {
      const comma = line.indexOf(',', i)
      field = line.slice(i, comma < 0 ? n : comma)
      i = comma < 0 ? n : comma
    }
    fields.push(field.trim())
    if (i >= n) return fields
    i++
  }
}

/**
 * The lines of a text stream in batches, one batch per chunk read, split as
 * readline splits them (`\r\n`, `\n` or a lone `\r`; no empty last line).
 * A batch instead of a line at a time: a million awaits cost more than the
 * parsing (issue 12).
 */
async function* lineBatches(stream: AsyncIterable<string>): AsyncGenerator<string[]> {
  const BREAK = /\r\n|\n|\r/g
  let rest = ''
  for await (const chunk of stream) {
    const text = rest + chunk
    const lines: string[] = []
    let start = 0
    BREAK.lastIndex = 0
    for (let m = BREAK.exec(text); m; m = BREAK.exec(text)) {
      // A \r at the very end may be the first half of a \r\n split between chunks.
      if (m[0] === '\r' && m.index === text.length - 1) break
      lines.push(text.slice(start, m.index))
      start = BREAK.lastIndex
    }
    rest = text.slice(start)
    if (lines.length) yield lines
  }
  if (rest.endsWith('\r')) rest = rest.slice(0, -1)
  if (rest) yield [rest]
}

/**
 * The records of a CSV file as arrays of trimmed fields, streamed and handed
 * over in batches (one per chunk of the file). Blank lines come through as
 * `['']` so they can be counted. A line whose quote never closes is reported
 * through `onMalformed` and reading goes on with the next line: a general CSV
 * parser would take the rest of the file into that field (csv-parse 6 even
 * stops silently after such an error). `onBytes` hears how far into the file (in bytes) reading is.
 */
export async function* csvRecords(
  file: string,
  onMalformed: () => void,
  signal?: AbortSignal,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<string[][]> {
  // Decoded as UTF-8 by the stream, characters split between chunks kept whole.
  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 64 * 1024 })
  let open: string[] = []
  let first = true
  let out: string[][] = []

  const take = (line: string) => {
    const queue = [line]
    while (queue.length) {
      const next = queue.shift()!
      if (!open.length) {
        const record = parseCsvLine(next)
        if (record) out.push(record)
        else open = [next]
        continue
      }
      open.push(next)
      const joined = open.join('\n')
      const record = parseCsvLine(joined)
      if (record) {
        out.push(record)
        open = []
      } else if (open.length > MAX_FIELD_LINES || joined.length > MAX_FIELD_CHARS) {
        onMalformed()
        queue.unshift(...open.slice(1))
        open = []
      }
    }
  }

  try {
    for await (const lines of lineBatches(stream)) {
      checkAborted(signal)
      onBytes?.(stream.bytesRead)
      if (first) {
        lines[0] = lines[0].replace(/^\uFEFF/, '')
        first = false
      }
      for (const line of lines) take(line)
      if (out.length) {
        yield out
        out = []
      }
    }
    while (open.length) {
      onMalformed()
      const rest = open.slice(1)
      open = []
      rest.forEach(take)
    }
    if (out.length) yield out
  } finally {
    stream.destroy()
  }
}

export const isBlank = (fields: readonly string[]) => fields.every((f) => f === '')
