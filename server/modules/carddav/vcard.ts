import { createHash } from 'node:crypto'
import type { BlockEntry, PhoneblockRating } from '../blocklist/repository'

export type BookName = 'community' | 'personal'

/** One vCard of a book: its file name (without `.vcf`), ETag and text, and the numbers it holds. */
export interface Card {
  name: string
  etag: string
  vcard: string
  numbers: string[]
  /** What the card was made of: a card with the same signature is the same card. */
  signature: string
}

/** A book's cards in order (most reported first), by name, and its content tag. */
export interface BuiltBook {
  cards: Card[]
  byName: Map<string, Card>
  /** Changes only when a card does: a hash of every card's name and ETag. */
  ctag: string
  /** The entries the book was made of, by number. */
  entries: Map<string, BlockEntry>
}

const RATING_WORDS: Record<PhoneblockRating, string> = {
  A_LEGITIMATE: 'Legitimate',
  B_MISSED: 'Unknown',
  C_PING: 'Ping call',
  D_POLL: 'Poll',
  E_ADVERTISING: 'Advertising',
  F_GAMBLE: 'Gambling',
  G_FRAUD: 'Fraud',
}
const SEVERITY: Record<PhoneblockRating, number> = {
  A_LEGITIMATE: 0,
  B_MISSED: 1,
  C_PING: 2,
  D_POLL: 3,
  E_ADVERTISING: 4,
  F_GAMBLE: 5,
  G_FRAUD: 6,
}

/**
 * The card a number belongs to: numbers of one block of 100 (all digits but the last two)
 * share a card, so that a range of numbers one caller dials from is one entry of a router's
 * phonebook. Short numbers stand alone.
 */
export function cardNameOf(e164: string): string {
  const digits = e164.replace(/\D/g, '')
  return digits.length >= 8 ? `r${digits.slice(0, -2)}` : `n${digits}`
}

/** A vCard 3.0 text value (RFC 2426 section 4): backslash, comma, semicolon and line breaks escaped. */
const text = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/\r?\n|\r/g, '\\n')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')

/** Lines longer than 75 octets folded (RFC 2426 section 2.6), never inside a UTF-8 sequence. */
function fold(line: string): string {
  if (Buffer.byteLength(line) <= 75) return line
  const parts: string[] = []
  let current = ''
  let size = 0
  for (const ch of line) {
    const n = Buffer.byteLength(ch)
    if (size + n > (parts.length ? 74 : 75)) {
      parts.push(current)
      current = ''
      size = 0
    }
    current += ch
    size += n
  }
  parts.push(current)
  return parts.join('\r\n ')
}

const thousands = (n: number) => n.toLocaleString('en-US')

/** `SPAM: Fraud (1,204 reports)`: the worst rating of the card and the reports of all its numbers. */
export function cardTitle(entries: BlockEntry[]): string {
  const worst = entries.reduce((a, b) => (SEVERITY[b.rating] > SEVERITY[a.rating] ? b : a))
  const votes = entries.reduce((sum, e) => sum + e.votes, 0)
  return `SPAM: ${RATING_WORDS[worst.rating]} (${thousands(votes)} ${votes === 1 ? 'report' : 'reports'})`
}

export function renderCard(book: BookName, name: string, entries: BlockEntry[]): Card {
  const labels = [...new Set(entries.map((e) => e.label).filter((l): l is string => !!l))]
  const numbers = entries.map((e) => e.e164)
  const title = cardTitle(entries)
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    'PRODID:-//Caller ID//Blocklist//EN',
    `UID:callerid-${book}-${name}`,
    `FN:${text(title)}`,
    `N:${text(title)};;;;`,
    'CATEGORIES:SPAM',
    ...numbers.map((n) => `TEL;TYPE=VOICE:${n}`),
    ...(labels.length ? [`NOTE:${text(labels.join(' / ').slice(0, 500))}`] : []),
    'END:VCARD',
  ]
  const vcard = lines.map(fold).join('\r\n') + '\r\n'
  const etag = `"${createHash('sha1').update(vcard).digest('base64url').slice(0, 22)}"`
  return { name, etag, vcard, numbers, signature: signatureOf(entries) }
}

const signatureOf = (entries: BlockEntry[]) => entries.map((e) => `${e.e164}|${e.rating}|${e.votes}|${e.label ?? ''}`).join('\n')

/**
 * The book's cards from its entries (already capped and ordered, most reported first). Cards
 * of `previous` (the same book a version earlier) made of the same entries are reused as they are.
 */
export function buildBook(book: BookName, entries: BlockEntry[], previous?: BuiltBook): BuiltBook {
  const groups = new Map<string, BlockEntry[]>()
  const byNumber = new Map<string, BlockEntry>()
  for (const entry of entries) {
    if (entry.votes <= 0 || byNumber.has(entry.e164)) continue
    byNumber.set(entry.e164, entry)
    const name = cardNameOf(entry.e164)
    const group = groups.get(name)
    if (group) group.push(entry)
    else groups.set(name, [entry])
  }
  const cards = [...groups].map(([name, group]) => {
    const old = previous?.byName.get(name)
    return old && old.signature === signatureOf(group) ? old : renderCard(book, name, group)
  })
  const hash = createHash('sha1')
  for (const card of cards) hash.update(`${card.name}${card.etag}\n`)
  return { cards, byName: new Map(cards.map((c) => [c.name, c])), ctag: hash.digest('base64url').slice(0, 22), entries: byNumber }
}
