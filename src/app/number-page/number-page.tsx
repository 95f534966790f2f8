import { memo, useDeferredValue, useEffect, useState, type ReactNode } from 'react'
import { useNavigate } from '@tanstack/react-router'
import useSWR, { useSWRConfig } from 'swr'
import { useI18nContext } from '@i18n/i18n-react'
import type { TranslationFunctions } from '@i18n/i18n-types'
import { Page } from '@/components/layout/app-shell'
import { ltr } from '@/components/ui/phone-text'
import { Spinner } from '@/components/ui/spinner'
import { ErrorState } from '@/components/ui/states'
import { getNumber } from '@/features/number/api/get-number'
import { LimitAlert } from '@/features/number/components/limit-alert'
import { LookupsCard } from '@/features/lookups/components/lookups-card'
import { SearchBox, searchTarget } from '@/features/search/components/search-box'
import { ApiError } from '@/lib/api'
import { useInternational } from '@/lib/phone-display'
import { useMyProfile } from '@/lib/use-my-profile'
import { usePageTitle } from '@/lib/use-page-title'
import { HISTORY_KEY, isMainDataKey, numberPageKey } from '@/lib/page-keys'
import { NumberView } from './number-view'
import { usePaidSearch } from './use-paid-search'

// Rendered from the deferred data only: the page's cards render in slices (a transition), not in one long task.
const DeferredNumberView = memo(NumberView)

/** A number's profile page. A search with no result counts as a fetch failure: not-found. `after` follows the number's own cards. */
export function NumberPage({
  digits,
  title,
  canonicalize = false,
  after,
}: {
  digits: string
  title?: string
  canonicalize?: boolean
  after?: ReactNode
}) {
  const { LL, locale } = useI18nContext()
  const navigate = useNavigate()
  // What was searched: replacing the address with the canonical number must not search again.
  const [query, setQuery] = useState(digits)
  const pageKey = numberPageKey(query, locale)
  const { data, error, isLoading, mutate } = useSWR(pageKey, () => getNumber(query, locale))
  const paid = usePaidSearch(pageKey, () => getNumber(query, locale), data)
  // The cards follow the data in a transition: the main thread stays free between their parts (issue 13).
  const deferred = useDeferredValue(data)
  useEffect(() => {
    if (digits !== query && digits !== data?.targetPhoneNumber) setQuery(digits)
  }, [digits, query, data])
  // Before the phone-number metadata has loaded, as the server's frame wrote it (lib/phone-display.ts).
  const shown = useInternational(data ? data.phone.number : digits)
  const heading = title ?? numberPageTitle(LL, shown)
  usePageTitle(heading)
  const { mutate: prime } = useSWRConfig()

  useEffect(() => {
    if (error instanceof ApiError && error.status === 404) void navigate({ to: '/number/not-found', replace: true })
  }, [error, navigate])

  // Every look-up changes the history and the searches left.
  useEffect(() => {
    if (!data) return
    void prime(HISTORY_KEY)
    void prime(isMainDataKey)
  }, [data, prime])

  // A national or 00-prefixed number resolves to one canonical, shareable address: once the answer is
  // the address's own. Right after a search from this page the address holds the new number while the
  // answer is still the old one's, which would send the page back to the number before.
  const canonical = data?.targetPhoneNumber
  useEffect(() => {
    if (canonicalize && data && canonical && canonical !== digits && query === digits) {
      void navigate({ to: '/number/$phoneNumber', params: { phoneNumber: canonical }, replace: true })
    }
  }, [canonicalize, canonical, data, digits, query, navigate])

  return (
    <Page title={heading}>
      <SearchBox initial={digits} leftRequests={data?.common.leftRequests} onSearch={(d) => void navigate(searchTarget(d))} key={digits} />
      {(isLoading || (data && !deferred)) && <Spinner label={LL.app.loading()} className="self-center py-10" />}
      {error && !(error instanceof ApiError && error.status === 404) && (
        <ErrorState message={LL.app.genericError()} retryLabel={LL.app.retry()} onRetry={() => void mutate()} />
      )}
      {data && <LimitAlert data={data} paid={paid} />}
      {deferred && <DeferredNumberView data={deferred} />}
      {after}
    </Page>
  )
}

/** A number's page heading and title: the number as shown, left to right in any language (the server's first paint heads the page so too: app/server-frame). */
export function numberPageTitle(LL: TranslationFunctions, shown: string): string {
  return LL.number.pageTitle({ number: ltr(shown) })
}

/** The signed-in user's own number. */
export function MyNumberPage() {
  const { LL } = useI18nContext()
  const me = useMyProfile()
  // Headed from the start, as the server's frame is (server/modules/web-shell): the heading stays while the profile comes.
  if (me.error || !me.data) {
    return (
      <Page title={LL.number.myTitle()}>
        {me.error ? (
          <ErrorState message={LL.app.genericError()} retryLabel={LL.app.retry()} onRetry={() => void me.mutate()} />
        ) : (
          <Spinner label={LL.app.loading()} />
        )}
      </Page>
    )
  }
  return <NumberPage digits={me.data.phoneNumber.replace(/\D/g, '')} title={LL.number.myTitle()} after={<LookupsCard />} />
}
