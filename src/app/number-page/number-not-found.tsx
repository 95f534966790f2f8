import type { ReactNode } from 'react'
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
    <NumberNotFoundHead>
      <SearchBox
        onSearch={(digits) => void navigate(isAuthenticated ? searchTarget(digits) : { to: '/login', search: { number: digits } })}
      />
    </NumberNotFoundHead>
  )
}

/** The page's heading and what it says, around the rest: the server's first paint draws them too (app/server-frame). */
export function NumberNotFoundHead({ children }: { children?: ReactNode }) {
  const { LL } = useI18nContext()
  return (
    <Page title={LL.number.notFoundTitle()}>
      <p className="text-muted">{LL.number.notFoundText()}</p>
      {children}
    </Page>
  )
}
