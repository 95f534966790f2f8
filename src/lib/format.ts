/**
 * Dates in the user's language, always with Latin digits: counts and phone numbers
 * are Latin everywhere (ar-sa included), and one screen should not mix two digit sets.
 */
export function formatDate(locale: string, date: Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  return new Intl.DateTimeFormat(locale, { ...options, numberingSystem: 'latn' }).format(date)
}
