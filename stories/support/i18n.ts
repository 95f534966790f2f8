import { loadLocale } from '@i18n/i18n-util.sync'
import { i18nObject } from '@i18n/i18n-util'
import type { Locales, TranslationFunctions } from '@i18n/i18n-types'
import { translationLocale } from '@/app/i18n'

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
  loadLocale(locale)
  return i18nObject(locale)
}
