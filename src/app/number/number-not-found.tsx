import { useNavigate } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { usePageTitle } from '@/lib/use-page-title'
import { Page } from '@/components/layout/app-shell'
import { auth } from '@/stores/auth'
import { SearchBox, searchTarget } from '@/features/search/components/search-box'

/** Not-found page of SPEC.md section 2: the search view's not-found title and a new search. */
export function NumberNotFound() {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const { isAuthenticated } = useSnapshot(auth)
  usePageTitle(LL.number.notFoundTitle())
  return (
    <Page title={LL.number.notFoundTitle()}>
      <p className="text-muted">{LL.number.notFoundText()}</p>
      <SearchBox
        onSearch={(digits) => void navigate(isAuthenticated ? searchTarget(digits) : { to: '/login', search: { number: digits } })}
      />
    </Page>
  )
}
