import { RTL_LANGUAGES, RTL_LOCALES, SUPPORTED_LOCALES, type SupportedLocale } from './constants'

/**
 * Locale detection of SPEC.md section 5: an exact case-insensitive match with a supported
 * code, else a match on the first part, else English.
 */
export function matchLocale(candidate: string | null | undefined): SupportedLocale | null {
  if (!candidate) return null
  const wanted = candidate.trim().replace('_', '-').toLowerCase()
  if (!wanted) return null
  const exact = SUPPORTED_LOCALES.find((code) => code.toLowerCase() === wanted)
  if (exact) return exact
  const first = wanted.split('-')[0]
  return (
    SUPPORTED_LOCALES.find((code) => code.toLowerCase() === first) ??
    SUPPORTED_LOCALES.find((code) => code.toLowerCase().split('-')[0] === first) ??
    null
  )
}

export function detectLocale(stored: string | null | undefined, browser: readonly string[]): SupportedLocale {
  return matchLocale(stored) ?? browser.map(matchLocale).find(Boolean) ?? 'en'
}

/** A {lang} path prefix is accepted if it is a known code or a two-letter prefix of one. */
export function localeFromPrefix(prefix: string): SupportedLocale | null {
  const p = prefix.toLowerCase()
  const exact = SUPPORTED_LOCALES.find((code) => code.toLowerCase() === p)
  if (exact) return exact
  if (!/^[a-z]{2}$/.test(p)) return null
  return SUPPORTED_LOCALES.find((code) => code.toLowerCase().startsWith(p)) ?? null
}

/**
 * The language an address names, and the rest of the address: `/ar/number/…` is the number's
 * page in Arabic (src/routes/lang-splat.tsx), whatever the browser or an earlier choice says.
 * No page of the app has a first segment that is a language code.
 */
export function pathLocale(path: string): { locale: SupportedLocale; rest: string } | null {
  const match = /^\/([^/]+)(\/.*)?$/.exec(path)
  const locale = match ? localeFromPrefix(match[1]) : null
  return locale ? { locale, rest: match![2] || '/' } : null
}

export function isRtlLocale(locale: string): boolean {
  const lang = locale.split(/[-_]/)[0]
  return (RTL_LOCALES as readonly string[]).includes(locale) || (RTL_LANGUAGES as readonly string[]).includes(lang)
}
