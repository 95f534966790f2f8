import { detectLocale, pathLocale } from '@contract/locale'
import type { SupportedLocale } from '@contract/constants'
import { storage, STORAGE_KEYS as K } from './storage'

/** The browser's languages, most preferred first. */
export function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])
}

/**
 * The locale a page starts in: the one its address names (`/ar/search`, which the router then
 * makes the stored choice), else the stored choice, else the browser's languages (SPEC.md
 * section 5). Started in another, the first screen would flash that language and its direction.
 */
export function initialLocale(path = typeof location === 'undefined' ? '' : location.pathname): SupportedLocale {
  return pathLocale(path)?.locale ?? detectLocale(storage.get(K.locale), browserLanguages())
}
