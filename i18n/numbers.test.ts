import { describe, expect, it } from 'vitest'
import { SUPPORTED_LOCALES } from '../contract/constants'
import { formatNumber } from './formatters'
import type { Locales } from './i18n-types'
import { i18nObject } from './i18n-util'
import { loadAllLocales } from './i18n-util.sync'
import en from './en'
import { flatten, type Dict } from '../tests/support/i18n-dict'

loadAllLocales()
const LL = (locale: Locales) => i18nObject(locale)

/** Each argument with its formatters: `{count:number|num}` and `{count|num}` are both `count|num`. */
const formatted = (text: string) =>
  [...text.replace(/\{\{[^}]*\}\}/g, '').matchAll(/\{(\w+)(?::\w+)?((?:\|\w+)*)\}/g)].map((m) => m[1] + m[2]).sort()

/** Numbers that name something rather than count it: ids, error codes, the year, a whole percentage. */
const NOT_QUANTITIES = new Set(['id', 'code', 'year', 'value'])

describe('formatNumber', () => {
  it('groups thousands as the language does, with Latin digits', () => {
    expect(formatNumber('en', 1200)).toBe('1,200')
    expect(formatNumber('ru', 1200)).toBe('1\u00a0200')
    expect(formatNumber('ar-sa', 1200)).toBe('1,200')
    expect(formatNumber('tr', 1_234_567)).toBe('1.234.567')
    expect(formatNumber('hi-in', 1_234_567)).toBe('12,34,567')
    expect(formatNumber('in-id', 12_000)).toBe('12.000')
  })

  it('writes a whole number below a thousand as its digits in every language, as Intl does', () => {
    for (const locale of SUPPORTED_LOCALES) {
      const intl = new Intl.NumberFormat(locale, { numberingSystem: 'latn' })
      for (const n of [0, 1, 7, 42, 999]) expect(formatNumber(locale, n), locale).toBe(intl.format(n))
    }
  })

  it('leaves fractions and negative numbers to Intl', () => {
    expect(formatNumber('ru', 2.5)).toBe('2,5')
    expect(formatNumber('en', -3)).toBe(new Intl.NumberFormat('en').format(-3))
  })
})

describe('numbers in texts', () => {
  it('are formatted for the reader: coins, counts, prices', () => {
    expect(LL('en').commentMoney.balance({ balance: 1200 })).toBe('Your balance: 1,200 coins')
    expect(LL('ru').commentMoney.balance({ balance: 1200 })).toBe('Ваш баланс: 1\u00a0200 монет')
    expect(LL('ar-sa').commentMoney.balance({ balance: 1200 })).toBe('رصيدك: 1,200 عملة')
    expect(LL('en').search.remaining({ count: 1500 })).toBe('1,500 searches left today')
    expect(LL('en').number.comments({ count: 12_345 })).toBe('12,345 comments')
    expect(LL('tr').paywall.packCoins({ count: 5000 })).toBe('5.000 jeton')
  })

  it('every count, price and amount of every language goes through the `num` formatter, as in English', async () => {
    const base = flatten(en as unknown as Dict)
    for (const [key, text] of base) {
      for (const m of text.matchAll(/\{(\w+):number(\|num)?\}/g)) {
        expect(!!m[2] || NOT_QUANTITIES.has(m[1]), `en ${key}: {${m[1]}} is shown unformatted`).toBe(true)
      }
    }
    for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
      const dict = flatten((await import(`./${locale}/index.ts`)).default as Dict)
      for (const [key, english] of base) expect(formatted(dict.get(key)!), `${locale} ${key}`).toEqual(formatted(english))
    }
  })
})
