import { matchLocale } from '@contract/locale'
import type { SupportedLocale } from '@contract/constants'
import { isLocale, loadedLocales } from '@i18n/i18n-util'
import type { Translations } from '@i18n/i18n-types'
import { loadLocaleAsync } from '@i18n/i18n-util.async'
import type { Locales } from '@i18n/i18n-types'
import { browserLanguages } from '@/lib/initial-locale'
import { storage, STORAGE_KEYS as K } from '@/lib/storage'
import { setLocaleState } from '@/stores/theme'

export { initialLocale } from '@/lib/initial-locale'

/** The translation set used for a supported locale. */
export function translationLocale(locale: string): Locales {
  return isLocale(locale) ? locale : 'en'
}

type Loader = (locale: Locales) => Promise<void>

/** English (the base every other set falls back to, key by key) and the locale's own set. */
async function load(locale: SupportedLocale, loader: Loader): Promise<Locales> {
  const target = translationLocale(locale)
  await Promise.all([loader('en'), target === 'en' ? null : loader(target)])
  // A key missing at run time (a stale cached file, a partial translation) shows the
  // English text, never a raw key or a blank.
  if (target !== 'en') loadedLocales[target] = withFallback(loadedLocales.en, loadedLocales[target])
  return target
}

let activations = 0

/**
 * Loads a locale's translations and makes it current. When they fail to load (SPEC.md
 * section 8), the detected language takes over (SPEC.md section 5: the stored `locale_`,
 * else the browser's languages), and English when nothing else loads. Only the wanted
 * locale is stored: a failure that passes does not overwrite the user's choice.
 */
export async function activateLocale(wanted: string, loader: Loader = loadLocaleAsync): Promise<Locales> {
  const call = ++activations
  const locale = matchLocale(wanted) ?? 'en'
  const detected = [storage.get(K.locale), ...browserLanguages()].map(matchLocale).filter((l): l is SupportedLocale => l !== null)
  const candidates = [...new Set<SupportedLocale>([locale, ...detected, 'en'])]
  let failure: unknown
  for (const candidate of candidates) {
    try {
      const target = await load(candidate, loader)
      // Asked for another language meanwhile (a /{lang} link while the page's first language
      // loaded, two quick choices): the last one asked for wins, not the last one loaded.
      if (call !== activations) return target
      if (candidate === locale) storage.set(K.locale, locale)
      setLocaleState(candidate)
      return target
    } catch (err) {
      console.error(`locale ${candidate} failed to load`, err)
      failure = err
    }
  }
  throw failure
}

type Dict = { [key: string]: string | Dict }

/** The translation with every key it lacks taken from English, at any depth. */
export function withFallback(base: Translations, translation: Translations): Translations {
  const merge = (b: Dict, t: Dict | undefined): Dict => {
    const out: Dict = {}
    for (const [key, value] of Object.entries(b)) {
      const own = t?.[key]
      out[key] =
        typeof value === 'string'
          ? typeof own === 'string' && own !== ''
            ? own
            : value
          : merge(value, typeof own === 'object' ? own : undefined)
    }
    return out
  }
  return merge(base as unknown as Dict, translation as unknown as Dict) as unknown as Translations
}
