import type { SupportedLocale } from '../../../contract/constants'

/**
 * The language file of SPEC.md section 7, built from the typesafe-i18n dictionaries the web
 * app itself uses, so both can never disagree. Server-only.
 */
export type LanguageFile = Record<string, string>
type Dictionary = { [key: string]: string | Dictionary }

// One loader per supported locale; the Record type makes a missing locale a compile error.
const loaders: Record<SupportedLocale, () => Promise<{ default: unknown }>> = {
  'ar-sa': () => import('../../../i18n/ar-sa/index'),
  'az-az': () => import('../../../i18n/az-az/index'),
  'cs-cz': () => import('../../../i18n/cs-cz/index'),
  'el-gr': () => import('../../../i18n/el-gr/index'),
  en: () => import('../../../i18n/en/index'),
  'es-es': () => import('../../../i18n/es-es/index'),
  'fr-fr': () => import('../../../i18n/fr-fr/index'),
  'he-il': () => import('../../../i18n/he-il/index'),
  'hi-in': () => import('../../../i18n/hi-in/index'),
  'in-id': () => import('../../../i18n/in-id/index'),
  'it-it': () => import('../../../i18n/it-it/index'),
  'ms-my': () => import('../../../i18n/ms-my/index'),
  'pt-br': () => import('../../../i18n/pt-br/index'),
  ru: () => import('../../../i18n/ru/index'),
  'ru-RU': () => import('../../../i18n/ru-RU/index'),
  'sr-rs': () => import('../../../i18n/sr-rs/index'),
  'th-th': () => import('../../../i18n/th-th/index'),
  tr: () => import('../../../i18n/tr/index'),
  'uk-ua': () => import('../../../i18n/uk-ua/index'),
  'vi-vn': () => import('../../../i18n/vi-vn/index'),
  'zh-cn': () => import('../../../i18n/zh-cn/index'),
  'zh-hk': () => import('../../../i18n/zh-hk/index'),
}

/** Plural parts `{{singular|plural}}`; the capture keeps them whole when the text is split. */
const PLURAL = /(\{\{[^{}]*\}\})/
/** typesafe-i18n arguments: `{name}`, `{name?}`, `{name:type}`, `{name|formatter}`, `{0}`. */
const ARGUMENT = /\{\s*(\w+)\??\s*(?::\s*[^{}|]*?\s*)?(?:\|[^{}]*)?\}/g

/**
 * `{count:number} {{search|searches}} left` → `%count% {{search|searches}} left`.
 * Arguments take the percent delimiters of SPEC.md section 9. Plural parts are kept as they
 * are: the spec names no plural syntax for the language file, and typesafe-i18n's form
 * (`{{one|other}}`, or six forms for Arabic, applied to the number argument before it) is
 * the only one a client could follow without losing forms.
 */
export function toPercentArguments(text: string): string {
  return text
    .split(PLURAL)
    .map((part) => (PLURAL.test(part) ? part : part.replace(ARGUMENT, '%$1%')))
    .join('')
}

/** Nested keys joined with the underscore separator of SPEC.md section 9: `search.remaining` → `search_remaining`. */
export function flattenDictionary(dictionary: Dictionary, prefix = '', into: LanguageFile = {}): LanguageFile {
  for (const [key, value] of Object.entries(dictionary)) {
    const flatKey = prefix ? `${prefix}_${key}` : key
    if (typeof value === 'string') into[flatKey] = toPercentArguments(value)
    else flattenDictionary(value, flatKey, into)
  }
  return into
}

// Promises, not results, so concurrent first requests share one build.
const cache = new Map<SupportedLocale, Promise<LanguageFile>>()

/** The flat language file of a locale, built once per process. */
export function languageFile(locale: SupportedLocale): Promise<LanguageFile> {
  let file = cache.get(locale)
  if (!file) {
    file = loaders[locale]().then((mod) => Object.freeze(flattenDictionary(mod.default as Dictionary)))
    // A failed build must not stay cached: the next request tries again.
    file.catch(() => cache.delete(locale))
    cache.set(locale, file)
  }
  return file
}
