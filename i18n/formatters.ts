import type { FormattersInitializer } from 'typesafe-i18n'
import type { Locales, Formatters } from './i18n-types'

const numberFormats = new Map<string, Intl.NumberFormat>()

/**
 * A count or an amount as the reader's language writes it ("1,200" in English, "1 200" in
 * Russian, "1.200" in Turkish), with Latin digits like every number of the app (src/lib/format.ts).
 * No language groups the digits of a whole number below a thousand, so those need no formatter:
 * a language's first one costs its number data, on the main thread (issue 13).
 */
export function formatNumber(locale: string, value: number): string {
  if (Number.isInteger(value) && value >= 0 && value < 1000) return String(value)
  let format = numberFormats.get(locale)
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale, { numberingSystem: 'latn' })))
  return format.format(value)
}

/** `{count:number|num}`: every count, price and amount shown in a text goes through `num`. */
export const initFormatters: FormattersInitializer<Locales, Formatters> = (locale: Locales) => {
  const formatters: Formatters = {
    num: (value: number) => formatNumber(locale, value),
  }

  return formatters
}
