import { useEffect } from 'react'
import { Link } from '@tanstack/react-router'
import useSWR, { useSWRConfig } from 'swr'
import { useI18nContext } from '@i18n/i18n-react'
import { usePageTitle } from '@/lib/use-page-title'
import { Page } from '@/components/layout/app-shell'
import { buttonVariants } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { ltr } from '@/components/ui/phone-text'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState, ErrorState } from '@/components/ui/states'
import { ApiError } from '@/lib/api'
import { phone } from '@/lib/phone'
import { HISTORY_KEY, isMainDataKey, profilePageKey } from '@/lib/page-keys'
import { LimitAlert } from '@/features/number/components/limit-alert'
import { getProfile } from '@/features/profile/api/get-profile'
import { NumberView } from './number-view'
import { usePaidSearch } from './use-paid-search'

/**
 * A user's number page by profile id (a comment author's name links here). Its SWR key
 * starts with 'number', so bans, tags and comments refresh it as they do the number page.
 */
export function ProfilePage({ profileId }: { profileId: string }) {
  const { LL, locale } = useI18nContext()
  const valid = /^[1-9]\d{0,9}$/.test(profileId)
  const pageKey = profilePageKey(profileId, locale)
  const { data, error, isLoading, mutate } = useSWR(valid ? pageKey : null, () => getProfile(profileId, locale))
  const paid = usePaidSearch(pageKey, () => getProfile(profileId, locale), data)
  const title = data ? LL.profilePage.title({ number: ltr(phone.formatInternational(data.phone.number)) }) : LL.profilePage.titleLoading()
  usePageTitle(title)
  const { mutate: prime } = useSWRConfig()

  // Opening a profile is a look-up: the history and the searches left change.
  useEffect(() => {
    if (!data) return
    void prime(HISTORY_KEY)
    void prime(isMainDataKey)
  }, [data, prime])

  const notFound = !valid || (error instanceof ApiError && error.status === 404)
  return (
    <Page title={title}>
      {isLoading && <Spinner label={LL.app.loading()} className="self-center py-10" />}
      {notFound && (
        <Card data-testid="profile-not-found">
          <EmptyState title={LL.profilePage.notFound()}>
            <p>{LL.profilePage.notFoundText()}</p>
            <Link to="/search" className={buttonVariants({ variant: 'secondary', size: 'sm' }) + ' mt-3'}>
              {LL.number.searchAgain()}
            </Link>
          </EmptyState>
        </Card>
      )}
      {error && !notFound && <ErrorState message={LL.app.genericError()} retryLabel={LL.app.retry()} onRetry={() => void mutate()} />}
      {data && <LimitAlert data={data} paid={paid} />}
      {data && <NumberView data={data} profileId={Number(profileId)} />}
    </Page>
  )
}
