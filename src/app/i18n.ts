import { detectLocale, matchLocale } from '@contract/locale'
import type { SupportedLocale } from '@contract/constants'
import { isLocale } from '@i18n/i18n-util'
import { loadLocaleAsync } from '@i18n/i18n-util.async'
import type { Locales } from '@i18n/i18n-types'
import { storage, STORAGE_KEYS as K } from '@/lib/storage'
import { setLocaleState } from '@/stores/theme'

export function initialLocale(): SupportedLocale {
  return detectLocale(storage.get(K.locale), typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language])
}

/** The translation set used for a supported locale. */
export function translationLocale(locale: string): Locales {
  return isLocale(locale) ? locale : 'en'
}

/** Loads a locale's translations and makes it current; failures fall back to English. */
export async function activateLocale(wanted: string): Promise<Locales> {
  const locale = matchLocale(wanted) ?? 'en'
  const target = translationLocale(locale)
  try {
    await loadLocaleAsync(target)
  } catch (err) {
    console.error('locale load failed', err)
    await loadLocaleAsync('en')
    setLocaleState('en')
    return 'en'
  }
  storage.set(K.locale, locale)
  setLocaleState(locale)
  return target
}

/** Analytics run only for ru-RU (SPEC.md section 4); there is no external call here. */
export function analyticsEnabled(locale: string): boolean {
  return locale === 'ru-RU'
}
