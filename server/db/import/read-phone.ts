import max from 'libphonenumber-js/metadata.max.json'
import type { CountryCode } from 'libphonenumber-js/core'
import { createPhoneTools, digitsOnly, type NormalizedPhone } from '../../../contract/phone'

const phone = createPhoneTools(max)

/** Reasons a number cell is not imported; they name the rows in the summary. */
export const PHONE_REASONS = {
  missing: 'missing number',
  notPhone: 'not a phone number',
  short: 'too short (short code or prefix)',
  national: 'national number without --region',
  invalid: 'invalid number',
} as const

export type PhoneReading = { phone: NormalizedPhone; reason?: undefined } | { phone?: undefined; reason: string }

/** Only what people write inside phone numbers; anything else (regexes, words) is not one. */
const PHONE_CHARS = /^[+\d\s().\-/]+$/

/**
 * Reads one number cell of an imported list with the server's `max` metadata
 * and, when it is not a valid number, says why in words an operator can act on.
 */
export function readPhone(raw: string | undefined, region: CountryCode | undefined): PhoneReading {
  const text = (raw ?? '').trim()
  if (!text) return { reason: PHONE_REASONS.missing }
  if (!PHONE_CHARS.test(text)) return { reason: PHONE_REASONS.notPhone }
  const parsed = phone.normalize(text, region)
  if (parsed) return { phone: parsed }
  const digits = digitsOnly(text)
  const international = text.startsWith('+') || digits.startsWith('00')
  // Digits that remain once the international or national prefix is gone.
  const significant = digits.replace(/^00|^0/, '')
  if (significant.length < 6) return { reason: PHONE_REASONS.short }
  if (!international && !region && digits.startsWith('0')) return { reason: PHONE_REASONS.national }
  return { reason: PHONE_REASONS.invalid }
}

/** Looks like a phone number cell rather than a column name: used to tell a CSV header row. */
export function isPhoneLike(cell: string | undefined): boolean {
  const text = (cell ?? '').trim()
  return PHONE_CHARS.test(text) && digitsOnly(text).length >= 3
}
