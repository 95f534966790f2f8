import { describe, expect, it } from 'vitest'
import { SUPPORTED_LOCALES } from '@contract/constants'
import type { Locales } from '@i18n/i18n-types'
import { i18nObject } from '@i18n/i18n-util'
import { loadAllLocales } from '@i18n/i18n-util.sync'

loadAllLocales()

/** Each language's word for the mobile app, as the text said before coins were bought on the web. */
const APP: Record<Locales, RegExp> = {
  en: /\bapp\b/i,
  'ar-sa': /التطبيق/,
  'az-az': /tətbiq/i,
  'cs-cz': /aplikac/i,
  'el-gr': /εφαρμογ/i,
  'es-es': /\bapp\b/i,
  'fr-fr': /application/i,
  'he-il': /אפליקציה/,
  'hi-in': /ऐप/,
  'in-id': /aplikasi/i,
  'it-it': /\bapp\b/i,
  'ms-my': /aplikasi/i,
  'pt-br': /\bapp\b/i,
  ru: /приложени/i,
  'ru-RU': /приложени/i,
  'sr-rs': /апликациј/i,
  'th-th': /แอป/,
  tr: /uygulama/i,
  'uk-ua': /застосун/i,
  'vi-vn': /ứng dụng/i,
  'zh-cn': /应用/,
  'zh-hk': /應用/,
}

describe('not enough coins', () => {
  it.each(SUPPORTED_LOCALES)('%s: says what Top up does (a coin pack, on this site), never “in the app”', (locale) => {
    const text = i18nObject(locale).commentMoney.notEnoughText({ price: 3 })
    expect(text).not.toMatch(APP[locale])
    expect(text).toContain('3')
  })

  it('names the coin pack in English, Russian and Arabic', () => {
    expect(i18nObject('en').commentMoney.notEnoughText({ price: 1 })).toBe(
      'This costs 1 coin. Buy a coin pack to top up your balance, then try again.',
    )
    expect(i18nObject('ru').commentMoney.notEnoughText({ price: 5 })).toBe(
      'Это стоит 5 монет. Купите пакет монет, чтобы пополнить баланс, и попробуйте ещё раз.',
    )
    expect(i18nObject('ar-sa').commentMoney.notEnoughText({ price: 3 })).toBe(
      'تكلفة ذلك 3 عملات. اشترِ حزمة عملات لشحن رصيدك، ثم حاول مرة أخرى.',
    )
  })
})
