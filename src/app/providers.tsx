import { useEffect, type ReactNode } from 'react'
import { DirectionProvider } from '@radix-ui/react-direction'
import { SWRConfig } from 'swr'
import { useSnapshot } from 'valtio'
import TypesafeI18n, { useI18nContext } from '@i18n/i18n-react'
import type { Locales } from '@i18n/i18n-types'
import { ApiError } from '@/lib/api-error'
import { theme } from '@/stores/theme'
import { i18nState } from '@/lib/locale-switch'

export function AppProviders({ locale, children }: { locale: Locales; children: ReactNode }) {
  return (
    <TypesafeI18n locale={locale}>
      <LocaleSync />
      <DirectionFromTheme>
        <SWRConfig
          value={{
            revalidateOnFocus: false,
            shouldRetryOnError: (err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500),
          }}
        >
          {children}
        </SWRConfig>
      </DirectionFromTheme>
    </TypesafeI18n>
  )
}

/** Follows locale changes made outside React (a {lang} prefix, the settings). */
function LocaleSync() {
  const { active } = useSnapshot(i18nState)
  const { locale, setLocale } = useI18nContext()
  useEffect(() => {
    if (active !== locale) setLocale(active)
  }, [active, locale, setLocale])
  return null
}

function DirectionFromTheme({ children }: { children: ReactNode }) {
  const { direction } = useSnapshot(theme)
  return <DirectionProvider dir={direction}>{children}</DirectionProvider>
}
