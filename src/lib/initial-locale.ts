import { detectLocale } from '@contract/locale'
import type { SupportedLocale } from '@contract/constants'
import { storage, STORAGE_KEYS as K } from './storage'

/** The browser's languages, most preferred first. */
export function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]
}

/** The locale a page starts in: the stored choice, else the browser's languages (SPEC.md section 5). */
export function initialLocale(): SupportedLocale {
  return detectLocale(storage.get(K.locale), browserLanguages())
}
