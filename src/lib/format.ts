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
export function formatDate(locale: string, date: Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  return keep('date', locale, options, () => new Intl.DateTimeFormat(locale, { ...options, numberingSystem: 'latn' })).format(date)
}

/** A number formatter in the user's language with Latin digits, made once per language and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return keep('number', locale, options, () => new Intl.NumberFormat(locale, { ...options, numberingSystem: 'latn' }))
}
