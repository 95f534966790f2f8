import max from 'libphonenumber-js/metadata.max.json'
import type { CountryCode } from 'libphonenumber-js/core'
import { createPhoneTools, digitsOnly } from '../../../contract/phone'

const phone = createPhoneTools(max)

/** Reasons a number cell is not imported; they name the rows in the summary. */
export const PHONE_REASONS = {
  missing: 'missing number',
  notPhone: 'not a phone number',
  short: 'too short (short code or prefix)',
  national: 'national number without --region',
  invalid: 'invalid number',
} as const

/** What an import keeps of a number. */
export interface ImportedPhone {
  e164: string
  country: string | null
}

export type PhoneReading = { phone: ImportedPhone; reason?: undefined } | { phone?: undefined; reason: string }

/** Only what people write inside phone numbers (digits of any script); anything else (regexes, words) is not one. */
const PHONE_CHARS = /^[+\p{Nd}\s().\-/]+$/u

/**
 * Reads one number cell of an imported list with the server's `max` metadata
 * and, when it is not a valid number, says why in words an operator can act on.
 */
export function readPhone(raw: string | undefined, region: CountryCode | undefined): PhoneReading {
  const text = (raw ?? '').trim()
  if (!text) return { reason: PHONE_REASONS.missing }
  if (!PHONE_CHARS.test(text)) return { reason: PHONE_REASONS.notPhone }
  return readDigits(text, digitsOnly(text), region)
}

function readDigits(text: string, digits: string, region: CountryCode | undefined): PhoneReading {
  const parsed = phone.parse(text, region)
  if (parsed) return { phone: { e164: parsed.number, country: parsed.country ?? null } }
  const international = text.startsWith('+') || digits.startsWith('00')
  // Digits that remain once the international or national prefix is gone.
  const significant = digits.replace(/^00|^0/, '')
  if (significant.length < 6) return { reason: PHONE_REASONS.short }
  if (!international && !region && digits.startsWith('0')) return { reason: PHONE_REASONS.national }
  return { reason: PHONE_REASONS.invalid }
}

/**
 * What decides a cell's reading. Once a cell has passed PHONE_CHARS, its reading
 * depends only on whether it starts with `+` and on its digits (contract/phone's
 * normalize looks at nothing else), so `(202) 555-0143`, `202.555.0143` and
 * `2025550143` share the key `2025550143`, and `+1 202 555 0143` has `+12025550143`.
 * Cells that need no parsing (empty, not a number, too long) get their reading.
 */
export function phoneKey(raw: string | undefined, region: CountryCode | undefined): string | PhoneReading {
  const text = (raw ?? '').trim()
  if (!text) return { reason: PHONE_REASONS.missing }
  if (!PHONE_CHARS.test(text)) return { reason: PHONE_REASONS.notPhone }
  const digits = digitsOnly(text)
  // normalize refuses a cell over 64 characters whatever its digits: the key would not.
  if (text.length > 64) return readDigits(text, digits, region)
  return text.startsWith('+') ? `+${digits}` : digits
}

/** The reading of every cell with this key (see phoneKey). */
export function readKey(key: string, region: CountryCode | undefined): PhoneReading {
  return readDigits(key, key.startsWith('+') ? key.slice(1) : key, region)
}

/**
 * Readings by key for one import. Libphonenumber is most of an import's CPU time
 * (issue 12) and big lists name the same callers again and again. It holds two
 * generations of at most `size` keys: the one filling and the one before it (an
 * LRU cache cost a fifth of the reading time).
 */
export class PhoneCache {
  private recent = new Map<string, PhoneReading>()
  private older = new Map<string, PhoneReading>()

  constructor(private readonly size = 50_000) {}

  get(key: string): PhoneReading | undefined {
    return this.recent.get(key) ?? this.older.get(key)
  }

  set(key: string, reading: PhoneReading): void {
    this.recent.set(key, reading)
    if (this.recent.size >= this.size) {
      this.older = this.recent
      this.recent = new Map()
    }
  }
}

/** `readPhone` for one import, remembering what it read (PhoneCache). */
export function phoneReader(region: CountryCode | undefined): (raw: string | undefined) => PhoneReading {
  const cache = new PhoneCache()
  return (raw) => {
    const key = phoneKey(raw, region)
    if (typeof key !== 'string') return key
    let reading = cache.get(key)
    if (!reading) cache.set(key, (reading = readKey(key, region)))
    return reading
  }
}

/** Looks like a phone number cell rather than a column name: used to tell a CSV header row. */
export function isPhoneLike(cell: string | undefined): boolean {
  const text = (cell ?? '').trim()
  return PHONE_CHARS.test(text) && digitsOnly(text).length >= 3
}
