import { describe, expect, it } from 'vitest'
import max from 'libphonenumber-js/metadata.max.json'
import { createPhoneTools, digitsOnly } from './phone'

const phone = createPhoneTools(max)

describe('phone normalization', () => {
  it.each([
    ['+49 30 12345678', undefined, '+493012345678'],
    ['0049 30 12345678', undefined, '+493012345678'],
    ['030 12345678', 'DE', '+493012345678'],
    ['(030) 1234-5678', 'DE', '+493012345678'],
    ['0151 23456789', 'DE', '+4915123456789'],
    ['(212) 555-0123', 'US', '+12125550123'],
    ['(201) 555-0123', 'US', '+12015550123'],
    ['201.555.0123', 'US', '+12015550123'],
    ['011 44 20 7946 0018', 'US', '+442079460018'],
    ['12015550123', undefined, '+12015550123'],
    ['442079460018', undefined, '+442079460018'],
    ['8 (912) 345-67-89', 'RU', '+79123456789'],
    ['+7 912 345 67 89', 'GB', '+79123456789'],
    ['05 23 45 67 89', 'FR', '+33523456789'],
    // Our own canonical addresses: international digits without the plus.
    ['491637875622', 'DE', '+491637875622'],
    ['01637875622', 'DE', '+491637875622'],
    ['12015550123', 'US', '+12015550123'],
    ['2015550123', 'US', '+12015550123'],
    ['12015550123', 'DE', '+12015550123'],
    ['79123456789', 'RU', '+79123456789'],
  ] as const)('reads %s (region %s) as %s', (input, region, expected) => {
    expect(phone.normalize(input, region)?.e164 ?? null).toBe(expected)
  })

  it.each([
    ['', 'DE'],
    ['1', 'DE'],
    ['112', 'DE'],
    ['11833', 'DE'],
    ['00120', undefined],
    ['hello', 'DE'],
    ['0049 30 ^12.*', undefined],
    ['9'.repeat(40), undefined],
    ['+999 123 456', undefined],
  ] as const)('rejects short codes and garbage: %s', (input, region) => {
    expect(phone.normalize(input, region)).toBeNull()
  })

  it('keeps digits only', () => {
    expect(digitsOnly('+49 (30) 12-34')).toBe('49301234')
  })

  it('formats stored digits in international format', () => {
    expect(phone.formatInternational('493012345678')).toBe('+49 30 12345678')
    expect(phone.normalize('030 12345678', 'DE')).toMatchObject({ country: 'DE', digits: '493012345678' })
  })
})
