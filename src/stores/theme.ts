import { proxy, subscribe } from 'valtio'
import { isRtlLocale } from '@contract/locale'
import { initialLocale } from '@/lib/initial-locale'
import { writeCookie } from '@/lib/cookies'
import { storage, STORAGE_KEYS as K } from '@/lib/storage'

export type ThemeName = 'light' | 'dark'
/** What the user chose; `system` follows the device's `prefers-color-scheme`, also when it changes. */
export type ThemePreference = ThemeName | 'system'

const DARK_QUERY = '(prefers-color-scheme: dark)'
/** How long the language and theme cookies for the server's first page last: a year. */
const PREFERENCE_COOKIE_SECONDS = 365 * 86_400

function systemTheme(): ThemeName {
  return typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light'
}

/** Local storage holds `light` or `dark`; no value means the system's (as before `system` could be chosen). */
function storedPreference(): ThemePreference {
  const stored = storage.get(K.theme)
  return stored === 'light' || stored === 'dark' ? stored : 'system'
}

/** `?theme=dark` in the address (routes/root.tsx stores it): the page starts in it, as the server's frame does. */
function addressTheme(): 'light' | 'dark' | null {
  if (typeof location === 'undefined') return null
  const named = new URLSearchParams(location.search).get('theme')
  return named === 'light' || named === 'dark' ? named : null
}

const initialPreference = addressTheme() ?? storedPreference()
/** The locale the page starts in: the page's direction is right before its texts load. */
const startLocale = initialLocale()

/** Theme state of SPEC.md section 3: light or dark (`themeName`, the one shown), text direction, locale. */
export const theme = proxy({
  themeName: initialPreference === 'system' ? systemTheme() : initialPreference,
  preference: initialPreference,
  direction: (isRtlLocale(startLocale) ? 'rtl' : 'ltr') as 'ltr' | 'rtl',
  locale: startLocale as string,
})

export function setTheme(name: ThemePreference | 'toggle') {
  const preference = name === 'toggle' ? (theme.themeName === 'dark' ? 'light' : 'dark') : name
  theme.preference = preference
  theme.themeName = preference === 'system' ? systemTheme() : preference
  storage.set(K.theme, preference === 'system' ? null : preference)
}

export function setLocaleState(locale: string) {
  theme.locale = locale
  theme.direction = isRtlLocale(locale) ? 'rtl' : 'ltr'
}

/** Keeps <html> and <body> classes and attributes in step with the state, and `system` in step with the device. */
export function applyThemeToDocument() {
  const apply = () => {
    const html = document.documentElement
    const dark = theme.themeName === 'dark'
    html.classList.toggle('dark', dark)
    html.style.colorScheme = dark ? 'dark' : 'light'
    html.dir = theme.direction
    html.lang = theme.locale
    document.body.classList.toggle('dark', dark)
    document.body.classList.toggle('rtl', theme.direction === 'rtl')
    document.body.classList.toggle('ltr', theme.direction === 'ltr')
    // The server's first page for the next load (server/modules/web-shell) is in this language and theme.
    try {
      writeCookie(K.locale, theme.locale, PREFERENCE_COOKIE_SECONDS, 'lax')
      writeCookie(K.theme, theme.themeName, PREFERENCE_COOKIE_SECONDS, 'lax')
    } catch {
      // A document without cookies: the server falls back to the browser's languages.
    }
  }
  apply()
  const media = window.matchMedia?.(DARK_QUERY)
  const follow = () => {
    if (theme.preference === 'system') theme.themeName = systemTheme()
  }
  media?.addEventListener('change', follow)
  const unsubscribe = subscribe(theme, apply)
  return () => {
    media?.removeEventListener('change', follow)
    unsubscribe()
  }
}
