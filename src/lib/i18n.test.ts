// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Locales } from '@i18n/i18n-types'
import { i18nObject, loadedLocales } from '@i18n/i18n-util'
import { loadLocaleAsync } from '@i18n/i18n-util.async'
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

  it('starts in the language the address names (/ar/…), over the stored one: the first render is already in it', () => {
    localStorage.setItem('locale_', 'en')
    expect(initialLocale('/ar/search')).toBe('ar-sa')
    expect(initialLocale('/he')).toBe('he-il')
    expect(initialLocale('/uk-UA/number/380441234567')).toBe('uk-ua')
    // A page's own first segment is no language; an unknown prefix neither.
    expect(initialLocale('/search')).toBe('en')
    expect(initialLocale('/key/abc')).toBe('en')
    expect(initialLocale('/xx/search')).toBe('en')
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

  it('makes current the language asked for last, whichever loads last', async () => {
    // French asked for first and slow to come (a page's first language), then Russian (its /ru link).
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const slow = async (l: Locales) => {
      await held
      await loadLocaleAsync(l)
    }
    const french = activateLocale('fr-fr', slow)
    await activateLocale('ru')
    release()
    await french
    expect(theme.locale).toBe('ru')
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

describe('a locale that fails to load (SPEC.md section 8)', () => {
  /** The real loader, except for the locales named: their file cannot be fetched. */
  const failingFor =
    (...broken: Locales[]) =>
    async (locale: Locales) => {
      if (broken.includes(locale)) throw new TypeError(`Failed to fetch dynamically imported module: /assets/${locale}.js`)
      await loadLocaleAsync(locale)
    }
  beforeEach(() => {
    localStorage.clear()
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })
  afterEach(() => vi.restoreAllMocks())

  it('falls back to the stored language, and keeps it stored', async () => {
    localStorage.setItem('locale_', 'it-it')
    const locale = await activateLocale('fr-fr', failingFor('fr-fr'))
    expect(locale).toBe('it-it')
    expect(theme.locale).toBe('it-it')
    expect(i18nObject(locale).search.submit()).toBe('Cerca')
    expect(localStorage.getItem('locale_')).toBe('it-it')
    expect(console.error).toHaveBeenCalledWith('locale fr-fr failed to load', expect.any(TypeError))
  })

  it('else to the browser language, exact then by its first part, before English', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-MX', 'he-IL'])
    expect(await activateLocale('fr-fr', failingFor('fr-fr'))).toBe('es-es')
    expect(theme).toMatchObject({ locale: 'es-es', direction: 'ltr' })
    expect(await activateLocale('fr-fr', failingFor('fr-fr', 'es-es'))).toBe('he-il')
    expect(theme.direction).toBe('rtl')
    // Nothing stored: a load that failed never becomes the user's choice.
    expect(localStorage.getItem('locale_')).toBeNull()
  })

  it('ends in English when no detected language loads either', async () => {
    localStorage.setItem('locale_', 'it-it')
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ru-RU'])
    expect(await activateLocale('fr-fr', failingFor('fr-fr', 'it-it', 'ru-RU'))).toBe('en')
    expect(theme).toMatchObject({ locale: 'en', direction: 'ltr' })
    expect(localStorage.getItem('locale_')).toBe('it-it')
  })
})
