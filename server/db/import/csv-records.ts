import fs from 'node:fs'
import readline from 'node:readline'
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
 * The records of a CSV file as arrays of trimmed fields, streamed line by line.
 * Blank lines come through as `['']` so they can be counted. A line whose quote
 * never closes is reported through `onMalformed` and reading goes on with the
 * next line: a general CSV parser would take the rest of the file into that
 * field (csv-parse 6 even stops silently after such an error).
 */
export async function* csvRecords(file: string, onMalformed: () => void, signal?: AbortSignal): AsyncGenerator<string[]> {
  const stream = fs.createReadStream(file, { encoding: 'utf8' })
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity })
  let open: string[] = []
  let first = true
  const out: string[][] = []

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
    for await (let line of lines) {
      if (first) {
        line = line.replace(/^\uFEFF/, '')
        first = false
      }
      checkAborted(signal)
      take(line)
      yield* out.splice(0)
    }
    while (open.length) {
      onMalformed()
      const rest = open.slice(1)
      open = []
      rest.forEach(take)
    }
    yield* out.splice(0)
  } finally {
    lines.close()
    stream.destroy()
  }
}

export const isBlank = (fields: readonly string[]) => fields.every((f) => f === '')
