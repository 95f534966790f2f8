// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { i18nObject, loadedLocales } from '@i18n/i18n-util'
import { theme } from '@/stores/theme'
import { activateLocale, initialLocale, withFallback } from './i18n'

describe('locale', () => {
  beforeEach(() => localStorage.clear())

  it('detects from storage, then the browser, then English (SPEC.md section 5)', () => {
    localStorage.setItem('locale_', 'RU-ru')
    expect(initialLocale()).toBe('ru-RU')
    localStorage.setItem('locale_', 'fr')
    expect(initialLocale()).toBe('fr-fr')
    localStorage.setItem('locale_', 'not a locale!')
    expect(['en', ...navigator.languages.map((l) => l.toLowerCase())].length).toBeGreaterThan(0)
    expect(initialLocale()).toBe('en')
  })

  it('turns right-to-left on for Arabic and Hebrew only', async () => {
    await activateLocale('ar')
    expect(theme).toMatchObject({ locale: 'ar-sa', direction: 'rtl' })
    await activateLocale('he-IL')
    expect(theme.direction).toBe('rtl')
    await activateLocale('ru')
    expect(theme.direction).toBe('ltr')
    expect(localStorage.getItem('locale_')).toBe('ru')
  })

  it('shows English for a key a translation lacks at run time, never the raw key', async () => {
    await activateLocale('de')
    expect(theme.locale).toBe('en')
    const locale = await activateLocale('fr-fr')
    const partial = structuredClone((await import('@i18n/fr-fr')).default) as unknown as { search: Record<string, string> }
    delete partial.search.heroTitle
    partial.search.submit = ''
    loadedLocales[locale] = withFallback(loadedLocales.en, partial as never)
    expect(i18nObject(locale).search.heroTitle()).toBe('Who is calling?')
    expect(i18nObject(locale).search.submit()).toBe('Search')
    expect(i18nObject(locale).search.label()).toBe('Numéro de téléphone')
  })
})
