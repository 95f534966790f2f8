import { proxy, subscribe } from 'valtio'
import { isRtlLocale } from '@contract/locale'
import { storage, STORAGE_KEYS as K } from '@/lib/storage'

export type ThemeName = 'light' | 'dark'

function initialTheme(): ThemeName {
  const stored = storage.get(K.theme)
  if (stored === 'light' || stored === 'dark') return stored
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

/** Theme state of SPEC.md section 3: light or dark, text direction, locale. */
export const theme = proxy({
  themeName: initialTheme(),
  direction: 'ltr' as 'ltr' | 'rtl',
  locale: 'en',
})

export function setTheme(name: ThemeName | 'toggle') {
  theme.themeName = name === 'toggle' ? (theme.themeName === 'dark' ? 'light' : 'dark') : name
  storage.set(K.theme, theme.themeName)
}

export function setLocaleState(locale: string) {
  theme.locale = locale
  theme.direction = isRtlLocale(locale) ? 'rtl' : 'ltr'
}

/** Keeps <html> and <body> classes and attributes in step with the state. */
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
  }
  apply()
  return subscribe(theme, apply)
}
