/**
 * The flag of each language's country, as SVG text from country-flag-icons. Only this
 * module imports them, and only the settings (a lazily loaded chunk) import this module:
 * the first page never carries the flags.
 */
import { AZ, BR, CN, CZ, ES, FR, GB, GR, HK, ID, IL, IN, IT, MY, RS, RU, SA, TH, TR, UA, VN } from 'country-flag-icons/string/3x2'
import type { SupportedLocale } from '@contract/constants'

const FLAGS: Record<SupportedLocale, string> = {
  'ar-sa': SA,
  'az-az': AZ,
  'cs-cz': CZ,
  'el-gr': GR,
  en: GB,
  'es-es': ES,
  'fr-fr': FR,
  'he-il': IL,
  'hi-in': IN,
  'in-id': ID,
  'it-it': IT,
  'ms-my': MY,
  'pt-br': BR,
  ru: RU,
  'ru-RU': RU,
  'sr-rs': RS,
  'th-th': TH,
  tr: TR,
  'uk-ua': UA,
  'vi-vn': VN,
  'zh-cn': CN,
  'zh-hk': HK,
}

/** The flag as an image address (a data URL: the page's CSP admits `data:` images). */
export function flagSrc(locale: SupportedLocale): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(FLAGS[locale])}`
}
