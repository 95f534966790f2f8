import { proxy } from 'valtio'
import type { Locales } from '@i18n/i18n-types'
import { activateLocale } from './i18n'

/** The translation set in use; route guards outside React change it through here. */
export const i18nState = proxy({ active: 'en' as Locales })

export function switchLocale(wanted: string): Promise<Locales> {
  return activateLocale(wanted).then((locale) => {
    i18nState.active = locale
    return locale
  })
}
