import { describe, expect, it } from 'vitest'
import { SUPPORTED_LOCALES } from '../contract/constants'
import type { Locales } from './i18n-types'
import { i18nObject } from './i18n-util'
import { loadAllLocales } from './i18n-util.sync'
import en from './en'
import { flatten, type Dict } from '../tests/support/i18n-dict'

loadAllLocales()
const LL = (locale: Locales) => i18nObject(locale)

type Category = Intl.LDMLPluralRule
/**
 * The forms of a `{{…}}` part by plural category, as typesafe-i18n reads them: one slot is every
 * count, two are one|other, three zero|one|other, six zero|one|two|few|many|other. An empty
 * slot is no form.
 */
function forms(part: string): Partial<Record<Category, string>> {
  const body = part.replace(/^\w+:/, '')
  const s = body.split('|').map((f) => f.trim() || undefined)
  if (s.length === 1) return { other: s[0] }
  if (s.length === 2) return { one: s[0], other: s[1] }
  if (s.length === 3) return { zero: s[0], one: s[1], other: s[2] }
  return { zero: s[0], one: s[1], two: s[2], few: s[3], many: s[4], other: s[5] }
}

/**
 * The categories a text must give its own form: every one the language has, but `many` in the
 * Romance languages, which is only for round millions ("1 million de pièces") and reads as
 * `other` with digits. typesafe-i18n has no fallback for `two` (an empty text) and falls back
 * to `other` for `few` and `many`, so a Russian text with two forms would read "5 монеты".
 */
function needed(locale: string): Category[] {
  const romance = ['es', 'fr', 'it', 'pt'].includes(locale.slice(0, 2))
  return new Intl.PluralRules(locale).resolvedOptions().pluralCategories.filter((c) => !(c === 'many' && romance))
}

/** Numerals take the singular in Turkish and Azerbaijani ("5 jeton"): one form for every count. */
const SINGULAR_AFTER_NUMERALS: readonly string[] = ['tr', 'az-az']
/** Nouns whose form does not change with the count, so their texts need no plural part. */
const INVARIANT: Readonly<Record<string, readonly string[]>> = {
  'cs-cz': [
    'number.evidenceImported', // hlášení
    'paywall.benefitSearches', // vyhledávání
    'paywall.freePlan',
    'money.planLine',
    'money.promoText',
    'moderation.removedBanned', // odstranění
  ],
  'hi-in': ['number.evidenceImported', 'number.bans', 'devices.fritzLimit', 'devices.maxEntries', 'moderation.removedBanned'],
}

const base = flatten(en as unknown as Dict)
const counted = [...base].filter(([, text]) => text.includes('{{')).map(([key]) => key)

describe('plurals', () => {
  it('are counted texts in English', () => {
    expect(counted.length).toBeGreaterThan(40)
  })

  describe.each(SUPPORTED_LOCALES)('%s', (locale) => {
    it('gives a form for every plural category of the language in every counted text', async () => {
      const dict = flatten((await import(`./${locale}/index.ts`)).default as Dict)
      const categories = needed(locale)
      for (const key of counted) {
        const text = dict.get(key)!
        const parts = [...text.matchAll(/\{\{([^}]*)\}\}/g)].map((m) => m[1])
        const exempt = categories.length === 1 || SINGULAR_AFTER_NUMERALS.includes(locale) || INVARIANT[locale]?.includes(key)
        if (!exempt) expect(parts.length, `${locale} ${key} has no plural: ${text}`).toBeGreaterThan(0)
        for (const part of parts) {
          const f = forms(part)
          for (const c of categories) expect(f[c], `${locale} ${key}: "${c}" has no form in {{${part}}}`).toBeTruthy()
        }
      }
    })

    it('renders no count without its word, from 0 to 1,000,000', () => {
      const t = LL(locale)
      for (const n of [0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 102, 111, 1000, 1_000_000, 1.5]) {
        for (const text of [t.number.comments({ count: n }), t.paywall.packCoins({ count: n }), t.insights.fofKnown({ count: n })]) {
          expect(text, `${locale} ${n}`).toMatch(/\p{L}/u)
          expect(text, `${locale} ${n}`).not.toMatch(/\s{2}|\s$/)
        }
      }
    })
  })

  it('English: one and many', () => {
    const t = LL('en')
    expect(t.insights.fofKnown({ count: 1 })).toBe('1 of your contacts knows this number:')
    expect(t.insights.fofKnown({ count: 3 })).toBe('3 of your contacts know this number:')
    expect(t.commentMoney.hideForCoins({ price: 1 })).toBe('Hide for 1 coin a month')
    expect(t.commentMoney.hideForCoins({ price: 10 })).toBe('Hide for 10 coins a month')
    expect(t.paywall.freePlan({ count: 30 })).toBe('You are on the free plan: 30 searches a day.')
    expect(t.moderation.removedBanned({ number: '+1 201-555-0166', count: 1 })).toContain('has 1 removal after complaints')
    expect(t.devices.maxEntries({ count: 1 })).toBe('At most 1 number')
    expect(t.devices.maxEntries({ count: 2000 })).toBe('At most 2,000 numbers')
  })

  it('Russian: one, few and many, and the genitive after "не больше"', () => {
    const t = LL('ru')
    const coins = (n: number) => t.paywall.packCoins({ count: n })
    expect([1, 2, 5, 11, 21, 22, 25, 111, 1.5].map(coins)).toEqual([
      '1 монета',
      '2 монеты',
      '5 монет',
      '11 монет',
      '21 монета',
      '22 монеты',
      '25 монет',
      '111 монет',
      '1,5 монеты',
    ])
    expect(t.insights.fofKnown({ count: 1 })).toBe('1 ваш контакт знает этот номер:')
    expect(t.insights.fofKnown({ count: 3 })).toBe('3 ваших контакта знают этот номер:')
    expect(t.insights.fofKnown({ count: 7 })).toBe('7 ваших контактов знают этот номер:')
    expect(t.devices.maxEntries({ count: 21 })).toBe('Не больше 21 номера')
    expect(t.devices.maxEntries({ count: 2000 })).toBe('Не больше 2\u00a0000 номеров')
  })

  it('Arabic: zero, one, two, few, many and other', () => {
    const t = LL('ar-sa')
    const coins = (n: number) => t.paywall.packCoins({ count: n })
    expect([0, 1, 2, 3, 10, 11, 99, 100, 1200].map(coins)).toEqual([
      '0 عملة',
      '1 عملة',
      '2 عملتان',
      '3 عملات',
      '10 عملات',
      '11 عملةً',
      '99 عملةً',
      '100 عملة',
      '1,200 عملة',
    ])
    expect(t.insights.fofKnown({ count: 2 })).toBe('يعرف هذا الرقم 2 جهتا اتصال من جهات اتصالك:')
    expect(t.devices.maxEntries({ count: 5 })).toBe('5 أرقام على الأكثر')
  })

  it('Hebrew: two has its own form', () => {
    expect(LL('he-il').number.comments({ count: 2 })).toBe('2 תגובות')
    expect(LL('he-il').number.comments({ count: 1 })).toBe('1 תגובה')
  })
})
