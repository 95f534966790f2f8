import { describe, expect, it } from 'vitest'
import { PHONE_REASONS, phoneKey, phoneReader, readPhone } from './read-phone'

const NativeRegExp = globalThis.RegExp

/** What libphonenumber's matchesEntirely makes of a pattern: `^(?:pattern)$`. */
const whole = (source: string) => source.startsWith('^(?:') && source.endsWith(')$')

/** The sources of the regular expressions made while `run` runs. */
function expressionsMadeBy(run: () => void): string[] {
  const made: string[] = []
  globalThis.RegExp = new Proxy(NativeRegExp, {
    construct(target, args: [string | RegExp, string?]) {
      made.push(String(args[0]))
      return new target(...args)
    },
  })
  try {
    run()
  } finally {
    globalThis.RegExp = NativeRegExp
  }
  return made
}

describe('libphonenumber as the import reads numbers', () => {
  // patches/libphonenumber-js+*.patch, applied by `npm install` (postinstall): without it every
  // validity check compiled the country's multi-KB number patterns again, a third of the
  // reading time of a large import (ADR 0036).
  it('compiles a numbering plan pattern once, not on every number it checks', () => {
    const numbers = ['(202) 555-0143', '212-555-0188', '+1 415 555 0101', '030 1234567', '+44 20 7946 0123']
    const first = expressionsMadeBy(() => numbers.forEach((n) => readPhone(n, 'US')))
    expect(first.filter(whole).length).toBeGreaterThan(0)
    const again = expressionsMadeBy(() => {
      for (let i = 0; i < 20; i++) numbers.forEach((n) => readPhone(n, 'US'))
    })
    expect(again.filter(whole)).toEqual([])
    expect(readPhone('(202) 555-0143', 'US')).toEqual({ phone: { e164: '+12025550143', country: 'US' } })
  })
})

describe('a number cell in the digits of another script', () => {
  it('reads as the same number as in ASCII digits, and shares its cache key', () => {
    expect(readPhone('٠١٦٣ ٧٨٧٥٦٢٢', 'DE')).toEqual({ phone: { e164: '+491637875622', country: 'DE' } })
    expect(readPhone('+९१ ९८७६५ ४३२१०', undefined)).toEqual({ phone: { e164: '+919876543210', country: 'IN' } })
    expect(phoneKey('٠١٦٣ ٧٨٧٥٦٢٢', 'DE')).toBe(phoneKey('0163 7875622', 'DE'))
    expect(phoneReader('DE')('۰۱۶۳-۷۸۷۵۶۲۲')).toEqual(readPhone('0163-7875622', 'DE'))
    // Letters of those scripts are still not a number.
    expect(readPhone('٠١٦٣ هاتف', 'DE')).toEqual({ reason: PHONE_REASONS.notPhone })
  })
})
