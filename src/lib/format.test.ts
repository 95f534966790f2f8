import { describe, expect, it } from 'vitest'
import { SUPPORTED_LOCALES } from '@contract/constants'
import { formatDate, formatTenths, numberFormat } from './format'

describe('formatters', () => {
  it('write Latin digits in every language, Arabic included', () => {
    expect(numberFormat('ar-sa', { maximumFractionDigits: 1 }).format(7.25)).toMatch(/^7[.,٫]3$/)
    expect(numberFormat('en', { signDisplay: 'exceptZero' }).format(3)).toBe('+3')
    expect(formatDate('ar-sa', new Date(Date.UTC(2026, 0, 5, 12)), { dateStyle: 'short', timeZone: 'UTC' })).toMatch(/[0-9]/)
  })

  it('are made once per language and options, then kept', () => {
    expect(numberFormat('fr-fr', { maximumFractionDigits: 1 })).toBe(numberFormat('fr-fr', { maximumFractionDigits: 1 }))
    expect(numberFormat('fr-fr', { maximumFractionDigits: 1 })).not.toBe(numberFormat('de', { maximumFractionDigits: 1 }))
    expect(numberFormat('fr-fr', { maximumFractionDigits: 1 })).not.toBe(numberFormat('fr-fr', { signDisplay: 'exceptZero' }))
  })
})

describe('a number to one decimal without a formatter (formatTenths)', () => {
  const intl = (locale: string, value: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: 1, numberingSystem: 'latn' }).format(value)

  it('writes what Intl writes in every supported language, for every tenth below a thousand', () => {
    const tenths = Array.from({ length: 10_000 }, (_, i) => i / 10)
    for (const locale of SUPPORTED_LOCALES) {
      const wrong = tenths.filter((v) => formatTenths(locale, v) !== intl(locale, v))
      expect(wrong, locale).toEqual([])
    }
  })

  it('rounds as Intl rounds, halves and long fractions included', () => {
    // Reputation indexes come from averages: 7.25, 2.675 or 6.649999… as the server computed them.
    const values = [1e-7, 5e-324, 0.05, 0.15, 0.25, 1.45, 2.675, 6.649999999, 7.25, 9.95, 9.96, 0.04, 999.94, 1 / 3, 2 / 3]
    for (let i = 0; i < 2_000; i++) values.push(Math.random() * 1000)
    for (const locale of SUPPORTED_LOCALES) {
      for (const v of values) expect(formatTenths(locale, v), `${locale} ${v}`).toBe(intl(locale, v))
    }
  })

  it('leaves to Intl what it cannot write alone: negatives, thousands, other languages', () => {
    expect(formatTenths('en', 999.96)).toBe('1,000')
    expect(formatTenths('fr-fr', 12345.6)).toBe(intl('fr-fr', 12345.6))
    expect(formatTenths('en', -3.5)).toBe(intl('en', -3.5))
    expect(formatTenths('de', 3.5)).toBe('3,5')
    expect(formatTenths('en', Number.NaN)).toBe('NaN')
  })
})
