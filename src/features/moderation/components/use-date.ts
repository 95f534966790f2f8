import { useI18nContext } from '@i18n/i18n-react'
import { formatDate } from '@/lib/format'

/** Formats a server timestamp (seconds) in the current locale. */
export function useDate() {
  const { locale } = useI18nContext()
  return (seconds: number) => formatDate(locale, new Date(seconds * 1000))
}
