import max from 'libphonenumber-js/metadata.max.json'
import { describe, expect, it } from 'vitest'
import { createPhoneTools } from '../../contract/phone'
import { rememberedPhoneTools } from './core'

describe('the server’s phone tools', () => {
  it('read a number seen before the same way, by region, and hand each caller its own copy', () => {
    const plain = createPhoneTools(max)
    const tools = rememberedPhoneTools(plain)
    for (const [input, region] of [
      ['030 1234567', 'DE'],
      ['030 1234567', null],
      ['(212) 555-0123', 'US'],
      ['+44 20 7946 0958', 'DE'],
      ['nonsense', 'US'],
    ] as const) {
      const first = tools.identify(input, region)
      expect(first).toEqual(plain.identify(input, region))
      // The same number normalize reads, without its formats.
      const normalized = plain.normalize(input, region)
      expect(first).toEqual(normalized && { e164: normalized.e164, digits: normalized.digits, country: normalized.country })
      expect(tools.identify(input, region)).toEqual(first)
    }
    const mine = tools.identify('030 1234567', 'DE')!
    mine.e164 = 'changed'
    expect(tools.identify('030 1234567', 'DE')!.e164).toBe('+49301234567')
    // Without a region the national form is not a number; with the wrong one it is another number or none.
    expect(tools.identify('030 1234567', null)).toBeNull()
  })
})
