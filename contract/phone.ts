import {
  AsYouType,
  getCountryCallingCode,
  Metadata,
  parsePhoneNumberFromString,
  type CountryCode,
  type MetadataJson,
  type PhoneNumber,
} from 'libphonenumber-js/core'

/** Which number it is, without how it is written: what a look-up needs of it. */
export interface PhoneKey {
  /** E.164, `+` and digits. */
  e164: string
  /** Digits of the E.164 form without the plus, as used in URLs (`targetPhoneNumber`). */
  digits: string
  country: CountryCode | null
}

export interface NormalizedPhone extends PhoneKey {
  international: string
  national: string
  type: string | null
}

import { asciiDigits, digitsOnly } from './digits'
import { withoutExtension } from './extension'

export { digitsOnly }

/**
 * Phone helpers bound to one libphonenumber metadata set: the server uses `max`
 * (validation by number range), the web app `min` (formatting only, small bundle).
 */
export function createPhoneTools(metadata: MetadataJson) {
  const keyOf = (p: PhoneNumber): PhoneKey => ({ e164: p.number, digits: p.number.slice(1), country: p.country ?? null })

  function toNormalized(p: PhoneNumber): NormalizedPhone {
    return {
      ...keyOf(p),
      international: p.formatInternational(),
      national: p.formatNational(),
      type: p.getType() ?? null,
    }
  }

  function callingCode(region: CountryCode): string | null {
    try {
      return getCountryCallingCode(region, metadata)
    } catch {
      return null
    }
  }

  const trunkPrefixes = new Map<CountryCode, string | undefined>()
  /** The prefix a country dials its national numbers with (`0`, `8`, `1`…), if any. */
  function trunkPrefix(region: CountryCode): string | undefined {
    if (!trunkPrefixes.has(region)) {
      const plan = new Metadata(metadata)
      try {
        plan.selectNumberingPlan(region)
        // At run time libphonenumber's numbering plan has nationalPrefix(); its typings leave it out.
        trunkPrefixes.set(region, (plan.numberingPlan as unknown as { nationalPrefix(): string | undefined }).nationalPrefix() || undefined)
      } catch {
        trunkPrefixes.set(region, undefined)
      }
    }
    return trunkPrefixes.get(region)
  }

  function tryParse(text: string, region?: CountryCode): PhoneNumber | undefined {
    try {
      const p = parsePhoneNumberFromString(text, region ? { defaultCountry: region } : {}, metadata)
      return p && p.isValid() ? p : undefined
    } catch {
      return undefined
    }
  }

  /**
   * Reads a phone number written any way people write them: `+49 30 1234567`,
   * `0049301234567`, `(030) 123-4567` with region DE, `011 44 20…` with region US,
   * or bare international digits. Returns null for anything that is not a valid
   * number of a real numbering plan (short codes, garbage, too few digits).
   */
  function normalize(input: string, region?: CountryCode | null): NormalizedPhone | null {
    const p = parse(input, region)
    return p ? toNormalized(p) : null
  }

  /**
   * The number `normalize` reads, without its formats and type, which cost as much again as reading
   * it: a look-up needs only which number it is (issue 30).
   */
  function identify(input: string, region?: CountryCode | null): PhoneKey | null {
    const p = parse(input, region)
    return p ? keyOf(p) : null
  }

  /**
   * What `normalize` reads, before it is formatted: the bulk import needs only the
   * E.164 form and the country, and formatting would double its cost (issue 12).
   */
  function parse(input: string, region?: CountryCode | null): PhoneNumber | null {
    if (typeof input !== 'string' || input.length > 64) return null
    const trimmed = asciiDigits(withoutExtension(input.trim()))
    if (!/\d/.test(trimmed) || /[a-z]{3,}/i.test(trimmed.replace(/ext\.?|x/gi, ''))) return null
    const digits = digitsOnly(trimmed)
    if (digits.length < 3 || digits.length > 17) return null
    const plus = /^\s*\+/.test(trimmed)
    const candidates: Array<[string, CountryCode | undefined]> = []
    if (plus) candidates.push([`+${digits}`, undefined])
    else {
      if (digits.startsWith('00')) candidates.push([`+${digits.slice(2)}`, undefined])
      // Digits that begin with the searcher's own country code are an international
      // number written without its plus (as in our own /number/{digits} addresses):
      // national numbers are dialled with their trunk prefix, or never start so.
      const ownCode = region ? callingCode(region) : null
      const international = !digits.startsWith('0') ? `+${digits}` : null
      if (international && ownCode && digits.startsWith(ownCode)) candidates.push([international, undefined])
      // Where national numbers are dialled with a trunk 0 (Germany, the United Kingdom, France…),
      // people write it: digits without it that make a valid international number are that
      // number, as the search box showed them while they typed (`+44 (0)20…` typed there is
      // 4402…, the London number, not a German one with area code 4402). ADR 0044.
      else if (international && region && trunkPrefix(region) === '0') candidates.push([international, undefined])
      if (region) candidates.push([digits, region])
      if (international && !candidates.some(([text]) => text === international)) candidates.push([international, undefined])
    }
    for (const [text, r] of candidates) {
      const p = tryParse(text, r)
      if (p) return p
    }
    return null
  }

  /** Formats stored digits or E.164 for display; falls back to the raw digits. */
  function formatInternational(value: string): string {
    const digits = digitsOnly(value)
    if (!digits) return ''
    try {
      const p = parsePhoneNumberFromString(`+${digits}`, {}, metadata)
      return p ? p.formatInternational() : `+${digits}`
    } catch {
      return `+${digits}`
    }
  }

  /**
   * As-you-type display of search-box digits, read as `parse` reads them with the searcher's
   * own region, so that the box shows the number the search will find (issue 33): where
   * national numbers are not dialled with a trunk 0 (the United States, Canada…), digits that do
   * not begin with the country's own code are a national number while they can be one
   * (`2015550150` is (201) 555-0150, not +20 15 550150); where they are (ADR 0044), or with no
   * region, the digits are international. A leading 0 is a national number, shown as typed.
   */
  function formatTyping(digits: string, region?: CountryCode | null): string {
    if (!digits || digits.startsWith('0')) return digits
    const ownCode = region ? callingCode(region) : null
    if (region && !(ownCode && digits.startsWith(ownCode)) && trunkPrefix(region) !== '0') {
      // Complete: the national reading wins when valid, as in `parse`; an international one only when that is the valid one.
      if (tryParse(digits, region) || !tryParse(`+${digits}`)) return new AsYouType(region, metadata).input(digits)
    }
    return new AsYouType(undefined, metadata).input(`+${digits}`)
  }

  /** The region of a person's own number (E.164), for reading what they type; null when unknown. */
  function regionOf(e164: string | null | undefined): CountryCode | null {
    return e164 ? (tryParse(`+${digitsOnly(e164)}`)?.country ?? null) : null
  }

  return { normalize, identify, parse, formatInternational, formatTyping, regionOf }
}

export type PhoneTools = ReturnType<typeof createPhoneTools>
