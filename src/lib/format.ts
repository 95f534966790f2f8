import type { SupportedLocale } from '@contract/constants'

/** A count or an amount in the user's language, as the translations' `num` formatter writes it. */
export { formatNumber } from '@i18n/formatters'

/**
 * Formatters are costly to make (the first one of a language loads its data) and cheap to
 * use: each is made once per language and options, then kept (issue 13: a number page
 * made one per comment date and per index, on the main thread while it was loading).
 */
const kept = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>()
function keep<T extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`
  let formatter = kept.get(key) as T | undefined
  if (!formatter) kept.set(key, (formatter = make()))
  return formatter
}

/**
 * Dates in the user's language, always with Latin digits: counts and phone numbers
 * are Latin everywhere (ar-sa included), and one screen should not mix two digit sets.
 */
export function formatDate(
  locale: string,
  date: Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return keep('date', locale, options, () => new Intl.DateTimeFormat(locale, { ...options, numberingSystem: 'latn' })).format(date)
}

/** A number formatter in the user's language with Latin digits, made once per language and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return keep('number', locale, options, () => new Intl.NumberFormat(locale, { ...options, numberingSystem: 'latn' }))
}

/**
 * The decimal separator of each supported language, with Latin digits, as Intl writes it
 * (format.test.ts checks every one against Intl). A number page shows one decimal number on its
 * first screen, the reputation index; making the language's first Intl.NumberFormat for it cost
 * 15–35 ms of main thread on a fast machine, 60–140 ms on a slow phone (issue 13).
 */
const DECIMAL_SEPARATOR: Readonly<Record<SupportedLocale, '.' | ','>> = {
  en: '.',
  'ar-sa': '.',
  'he-il': '.',
  'hi-in': '.',
  'ms-my': '.',
  'th-th': '.',
  'zh-cn': '.',
  'zh-hk': '.',
  'az-az': ',',
  'cs-cz': ',',
  'el-gr': ',',
  'es-es': ',',
  'fr-fr': ',',
  'in-id': ',',
  'it-it': ',',
  'pt-br': ',',
  ru: ',',
  'ru-RU': ',',
  'sr-rs': ',',
  tr: ',',
  'uk-ua': ',',
  'vi-vn': ',',
}

/**
 * A number from 0 to 999.9, to one decimal, in the user's language with Latin digits — the same
 * text as `numberFormat(locale, { maximumFractionDigits: 1 })` — without making a formatter: below
 * a thousand there is no grouping, so only the decimal separator depends on the language. Anything
 * else (a negative number, a thousand or more, a language not listed) goes to Intl.
 */
export function formatTenths(locale: string, value: number): string {
  const separator: string | undefined = DECIMAL_SEPARATOR[locale as SupportedLocale]
  // Intl rounds the shortest decimal that reads back as the value (0.15, not 0.1499…), half away from zero.
  const [whole, fraction = ''] = separator && value >= 0 && value < 1000 ? String(value).split('.') : []
  const tenths = whole && /^\d+$/.test(whole) ? Number(whole) * 10 + Number(fraction[0] ?? 0) + (fraction[1] >= '5' ? 1 : 0) : Infinity
  if (tenths >= 10_000) return numberFormat(locale, { maximumFractionDigits: 1 }).format(value)
  const rest = tenths % 10
  return rest ? `${(tenths - rest) / 10}${separator}${rest}` : String(tenths / 10)
}
