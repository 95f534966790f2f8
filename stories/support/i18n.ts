import { loadLocale } from '@i18n/i18n-util.sync'
import { i18nObject, loadedLocales } from '@i18n/i18n-util'
import type { Locales, TranslationFunctions } from '@i18n/i18n-types'
import { translationLocale, withFallback } from '@/lib/i18n'

/** The translation set a story's `locale` global stands for. */
export function storyLocale(globals: Record<string, unknown>): Locales {
  return translationLocale(String(globals.locale ?? 'en'))
}

/**
 * The translations of the story's locale, for play functions: assertions look for the
 * same names a screen reader would announce in that language.
 */
export function translations(globals: Record<string, unknown>): TranslationFunctions {
  const locale = storyLocale(globals)
  loadStoryLocale(locale)
  return i18nObject(locale)
}

/** Loads a locale as the app does: a text not translated yet reads in English rather than failing. */
export function loadStoryLocale(locale: Locales) {
  loadLocale(locale)
  if (locale !== 'en') {
    loadLocale('en')
    loadedLocales[locale] = withFallback(loadedLocales.en, loadedLocales[locale])
  }
}
