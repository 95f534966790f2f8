import { describe, expect, it } from 'vitest'
import max from 'libphonenumber-js/metadata.max.json'
import min from 'libphonenumber-js/metadata.min.json'
import { createPhoneTools, digitsOnly } from './phone'
import { withoutExtension } from './extension'

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
    // Where the trunk prefix is 0, digits without it are international when they make a valid
    // number (the search box shows them so while typing), national otherwise.
    ['4402079460018', 'DE', '+442079460018'],
    ['+44 (0)20 7946 0018', 'DE', '+442079460018'],
    ['0044 (0)20 7946 0018', 'DE', '+442079460018'],
    ['3012345678', 'DE', '+493012345678'],
    ['612345678', 'FR', '+33612345678'],
    ['3123456789', 'IT', '+393123456789'],
    ['9123456789', 'RU', '+79123456789'],
    // Digits of the phone's own script.
    ['٠١٦٣ ٧٨٧٥٦٢٢', 'DE', '+491637875622'],
    ['+٤٤ ٢٠ ٧٩٤٦ ٠٠١٨', undefined, '+442079460018'],
    ['۰۹۱۲ ۳۴۵ ۶۷۸۹', 'IR', '+989123456789'],
    ['+९१ ९८७६५ ४३२१०', undefined, '+919876543210'],
    ['๐๘๑ ๒๓๔ ๕๖๗๘', 'TH', '+66812345678'],
    ['０３－１２３４－５６７８', 'JP', '+81312345678'],
    // Without the extension (caller ID never shows one).
    ['+1 201 555 0166 ext. 12', undefined, '+12015550166'],
    ['(201) 555-0166 x12', 'US', '+12015550166'],
    ['+1-201-555-0166;ext=4', undefined, '+12015550166'],
    ['+7 495 123-45-67 доб. 123', undefined, '+74951234567'],
    ['030 12345678 #99', 'DE', '+493012345678'],
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

  it('keeps digits only, reading the digits of every script as 0–9', () => {
    expect(digitsOnly('+49 (30) 12-34')).toBe('49301234')
    expect(digitsOnly('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789') // Arabic-Indic
    expect(digitsOnly('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789') // Persian
    expect(digitsOnly('०१२३४५६७८९')).toBe('0123456789') // Devanagari
    expect(digitsOnly('๐๑๒๓๔๕๖๗๘๙')).toBe('0123456789') // Thai
    expect(digitsOnly('০১২৩৪৫৬৭৮৯')).toBe('0123456789') // Bengali
    expect(digitsOnly('０１２３４５６７８９')).toBe('0123456789') // full-width
    expect(digitsOnly('𝟎𝟏𝟐𝟑𝟒 𝟓𝟔𝟕𝟖𝟗 𝟘𝟡 𝟶𝟿')).toBe('01234567890909') // mathematical, five runs in a row
    expect(digitsOnly('Ⅻ ½ ² ①')).toBe('') // numerals that are not decimal digits
  })

  it('leaves a number without an extension as it is', () => {
    expect(withoutExtension('+49 30 12345678')).toBe('+49 30 12345678')
    expect(withoutExtension('+1 201 555 0166 ext. 12')).toBe('+1 201 555 0166')
    expect(withoutExtension('0800 555 0100 x')).toBe('0800 555 0100 x')
  })

  it('formats stored digits in international format', () => {
    expect(phone.formatInternational('493012345678')).toBe('+49 30 12345678')
    expect(phone.normalize('030 12345678', 'DE')).toMatchObject({ country: 'DE', digits: '493012345678' })
  })
})

describe('the search box shows what the search finds (issue 33)', () => {
  // The web app formats with the small metadata set; the server reads with the full one.
  const web = createPhoneTools(min)
  it.each([
    // A US person typing a national number: the box shows it as the US number the search finds, not Egypt's +20.
    ['2015550150', 'US', '(201) 555-0150', '+12015550150'],
    ['12015550150', 'US', '+1 201 555 0150', '+12015550150'],
    // Digits that can only be another country's number read as it, in the box and in the search.
    ['442079460000', 'US', '+44 20 7946 0000', '+442079460000'],
    // Where the trunk prefix is 0, digits without it are international (ADR 0044), in both.
    ['2015550150', 'DE', '+20 15 550150', '+2015550150'],
    ['4930123456', 'DE', '+49 30 123456', '+4930123456'],
    ['2015550150', null, '+20 15 550150', '+2015550150'],
  ] as const)('%s typed by a person of %s shows %s and finds %s', (digits, region, shown, found) => {
    expect(web.formatTyping(digits, region)).toBe(shown)
    expect(phone.normalize(digits, region)?.e164).toBe(found)
    // What the box shows, searched again, is the same number.
    expect(phone.normalize(shown, region)?.e164).toBe(found)
  })

  it('formats a US number as it is typed, digit by digit, nationally', () => {
    expect(web.formatTyping('201', 'US')).toBe('(201)')
    expect(web.formatTyping('2015', 'US')).toBe('(201) 5')
    expect(web.formatTyping('201555', 'US')).toBe('(201) 555')
  })

  it('finds the region of a person’s own number', () => {
    expect(web.regionOf('+12015550123')).toBe('US')
    expect(web.regionOf('4930123456')).toBe('DE')
    expect(web.regionOf(null)).toBeNull()
  })
})
