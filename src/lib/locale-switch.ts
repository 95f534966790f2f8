import { proxy } from 'valtio'
import type { Locales } from '@i18n/i18n-types'
import { activateLocale } from './i18n'

/** The translation set in use; route guards outside React change it through here. */
export const i18nState = proxy({ active: 'en' as Locales })

let switches = 0

/** Makes a locale current once loaded; of two switches under way, the later one asked for wins. */
export function switchLocale(wanted: string): Promise<Locales> {
  const call = ++switches
  return activateLocale(wanted).then((locale) => {
    if (call === switches) i18nState.active = locale
    return locale
  })
}
