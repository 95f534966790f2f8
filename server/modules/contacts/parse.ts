import { parse as parseCsv } from 'csv-parse/sync'
import { isControl, normalizeText, textProblem } from '../../../contract/text'

/**
 * Reading uploaded contact books: vCard 3.0/4.0 (also the common 2.1 files
 * without quoted-printable) and CSV exports with name and phone columns. A small
 * hand parser of BEGIN:VCARD / N / FN / ORG / TEL lines with line unfolding: the
 * vCard libraries on npm are either unmaintained or far larger than this.
 */

export interface RawContact {
  firstName: string | null
  lastName: string | null
  phones: string[]
}

export interface ParsedBook {
  format: 'vcard' | 'csv'
  entries: RawContact[]
}

/** The file cannot be read as a contact book at all; the message says why. */
export class ContactFileError extends Error {}

/** Bytes to text by their BOM: UTF-16 LE or BE, UTF-8 (with or without BOM), else Windows-1252/Latin-1. */
function decodeByBom(buf: Buffer): string {
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) return buf.subarray(2).toString('utf16le')
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) {
    const swapped = Buffer.from(buf.subarray(2, 2 + ((buf.length - 2) & ~1)))
    swapped.swap16()
    return swapped.toString('utf16le')
  }
  if (buf.includes(0)) throw new ContactFileError('The file is binary, not a vCard or CSV contact list')
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf)
  } catch {
    text = buf.toString('latin1')
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/**
 * Bytes to text, which then meets the one text policy (contract/text.ts) whatever the
 * encoding was: no NUL, no lone surrogate (a broken UTF-16 file), next to no control
 * characters. Binary data is refused.
 */
export function decodeText(buf: Buffer): string {
  const text = decodeByBom(buf)
  if (text.includes('\u0000')) throw new ContactFileError('The file contains NUL characters: it is binary, not a vCard or CSV contact list')
  // Controls are counted below; what is left for the policy to refuse is broken Unicode (a lone UTF-16 surrogate).
  if (textProblem([...text].filter((ch) => !isControl(ch.charCodeAt(0), false)).join('')))
    throw new ContactFileError('The file is not valid Unicode text (a broken UTF-16 file)')
  // Text files have next to no control characters besides tab and line ends.
  let control = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0x7f) control++
  }
  if (control > Math.max(2, text.length / 100)) throw new ContactFileError('The file is binary, not a vCard or CSV contact list')
  return text
}

export function parseContactFile(buf: Buffer): ParsedBook {
  if (!buf.length) throw new ContactFileError('The file is empty')
  const text = decodeText(buf)
  if (!text.trim()) throw new ContactFileError('The file is empty')
  if (/^[ \t]*BEGIN:VCARD[ \t]*$/im.test(text)) return { format: 'vcard', entries: parseVcards(text) }
  return { format: 'csv', entries: parseCsvBook(text) }
}

/** A name from a file, under the text policy for names: controls and bidi overrides dropped, NFC, one line. */
const clean = (s: string | undefined | null): string | null => {
  const oneLine = [...(s ?? '')].map((ch) => (isControl(ch.charCodeAt(0), false) ? ' ' : ch)).join('')
  const v = normalizeText(oneLine.replace(/[\u202A-\u202E\u2066-\u2069]/g, ' ').replace(/\s+/g, ' '))
  return v ? v : null
}

/** Splits a structured vCard value on unescaped `;` and unescapes each part. */
function splitStructured(value: string): string[] {
  const parts: string[] = []
  let cur = ''
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]
    if (ch === '\\' && i + 1 < value.length) {
      const next = value[++i]
      cur += next === 'n' || next === 'N' ? ' ' : next
    } else if (ch === ';') {
      parts.push(cur)
      cur = ''
    } else cur += ch
  }
  parts.push(cur)
  return parts
}
const unescapeText = (value: string) => splitStructured(value).join(';')

export function parseVcards(text: string): RawContact[] {
  // Unfold: a line break followed by a space or tab continues the previous line.
  const lines = text
    .replace(/\r\n?/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n')
  const cards: RawContact[] = []
  let card: { fn: string | null; n: string[] | null; org: string | null; phones: string[] } | null = null
  const finish = () => {
    if (!card) return
    let firstName = clean(card.n?.[1] ? [card.n[1], card.n[2]].filter(Boolean).join(' ') : null)
    const lastName = clean(card.n?.[0])
    if (!firstName && !lastName) firstName = clean(card.fn) ?? clean(card.org)
    cards.push({ firstName, lastName, phones: card.phones })
    card = null
  }
  for (const line of lines) {
    const m = /^(?:[A-Za-z0-9-]+\.)?([A-Za-z0-9-]+)((?:;[^:]*)?):(.*)$/.exec(line.trim())
    if (!m) continue
    const name = m[1].toUpperCase()
    const value = m[3]
    if (name === 'BEGIN' && value.trim().toUpperCase() === 'VCARD') {
      finish()
      card = { fn: null, n: null, org: null, phones: [] }
      continue
    }
    if (!card) continue
    if (name === 'END' && value.trim().toUpperCase() === 'VCARD') finish()
    else if (name === 'FN') card.fn = unescapeText(value)
    else if (name === 'N') card.n = splitStructured(value)
    else if (name === 'ORG') card.org = splitStructured(value)[0] ?? null
    else if (name === 'TEL') {
      // vCard 4 may carry a tel: URI, possibly with ;ext= parameters.
      const tel = value.trim().replace(/^tel:/i, '').split(';')[0].trim()
      if (tel) card.phones.push(tel)
    }
  }
  finish()
  return cards
}

const PHONE_HEADER = /phone|tel|mobile|cell|number|handy|телефон|номер/i
const NOT_PHONE_HEADER = /type|label|kind|fax/i
const FIRST_HEADER = /^(first|given)[ _-]?name$|^first$|^given$|^vorname$|^имя$/i
const MIDDLE_HEADER = /^(middle|additional)[ _-]?name$/i
const LAST_HEADER = /^(last|family|sur)[ _-]?name$|^surname$|^last$|^nachname$|^фамилия$/i
const FULL_HEADER = /^(name|full[ _-]?name|display[ _-]?name|contact|contact[ _-]?name|file[ _-]?as)$/i
const LOOKS_LIKE_PHONE = /^[+(]?\d[\d\s().\-/]{3,}$/

function pickDelimiter(text: string): string {
  const first = text.split(/\r?\n/, 1)[0]
  const counts = [',', ';', '\t'].map((d) => [d, first.split(d).length - 1] as const)
  return counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0]
}

export function parseCsvBook(text: string): RawContact[] {
  let rows: string[][]
  try {
    rows = parseCsv(text, {
      delimiter: pickDelimiter(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][]
  } catch (e) {
    throw new ContactFileError(`The CSV file cannot be read: ${(e as Error).message.slice(0, 200)}`)
  }
  if (!rows.length) throw new ContactFileError('The file is empty')
  const header = rows[0].map((h) => h.trim())
  const isHeader = header.some(
    (h) => FULL_HEADER.test(h) || FIRST_HEADER.test(h) || LAST_HEADER.test(h) || (PHONE_HEADER.test(h) && !LOOKS_LIKE_PHONE.test(h)),
  )
  if (!isHeader) {
    // No header: the cells that look like numbers are numbers, the rest is the name.
    return rows.map((row) => {
      const phones = row.filter((c) => LOOKS_LIKE_PHONE.test(c.trim()))
      const name = clean(row.filter((c) => c.trim() && !LOOKS_LIKE_PHONE.test(c.trim())).join(' '))
      return { firstName: name, lastName: null, phones }
    })
  }
  const idx = (re: RegExp) => header.findIndex((h) => re.test(h))
  const first = idx(FIRST_HEADER)
  const middle = idx(MIDDLE_HEADER)
  const last = idx(LAST_HEADER)
  const full = idx(FULL_HEADER)
  const phoneCols = header
    .map((h, i) => (PHONE_HEADER.test(h) && !NOT_PHONE_HEADER.test(h) && !FULL_HEADER.test(h) ? i : -1))
    .filter((i) => i >= 0)
  return rows.slice(1).map((row) => {
    let firstName = clean([row[first], row[middle]].filter((_, i) => [first, middle][i] >= 0).join(' '))
    const lastName = last >= 0 ? clean(row[last]) : null
    if (!firstName && !lastName && full >= 0) firstName = clean(row[full])
    // Google exports put several numbers in one cell separated by ":::".
    const phones = phoneCols
      .flatMap((i) => (row[i] ?? '').split(':::'))
      .map((p) => p.trim())
      .filter(Boolean)
    return { firstName, lastName, phones }
  })
}
