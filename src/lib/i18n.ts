import { detectLocale, matchLocale } from '@contract/locale'
import type { SupportedLocale } from '@contract/constants'
import { isLocale, loadedLocales } from '@i18n/i18n-util'
import type { Translations } from '@i18n/i18n-types'
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
    await Promise.all([loadLocaleAsync('en'), target === 'en' ? null : loadLocaleAsync(target)])
    // A key missing at run time (a stale cached file, a partial translation) shows the
    // English text, never a raw key or a blank.
    if (target !== 'en') loadedLocales[target] = withFallback(loadedLocales.en, loadedLocales[target])
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



type Dict = { [key: string]: string | Dict }

/** The translation with every key it lacks taken from English, at any depth. */
export function withFallback(base: Translations, translation: Translations): Translations {
  const merge = (b: Dict, t: Dict | undefined): Dict => {
    const out: Dict = {}
    for (const [key, value] of Object.entries(b)) {
      const own = t?.[key]
      out[key] = typeof value === 'string' ? (typeof own === 'string' && own !== '' ? own : value) : merge(value, typeof own === 'object' ? own : undefined)
    }
    return out
  }
  return merge(base as unknown as Dict, translation as unknown as Dict) as unknown as Translations
}
