import { useEffect } from 'react'
import { useI18nContext } from '@i18n/i18n-react'

/** Sets the document title for a page. */
export function usePageTitle(title: string) {
  const { LL } = useI18nContext()
  useEffect(() => {
    document.title = title ? `${title} · ${LL.app.name()}` : LL.app.name()
  }, [title, LL])
}
