import { useDeferredValue, type ReactNode } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import useSWR from 'swr'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import type { MainData } from '@contract/api/account'
import { usePageTitle } from '@/lib/use-page-title'
import { HISTORY_KEY, mainDataKey } from '@/lib/page-keys'
import { STORAGE_KEYS as K } from '@/lib/storage'
import { useStoredAnswer } from '@/lib/stored-answers'
import { Page } from '@/components/layout/app-shell'
import { Badge } from '@/components/ui/badge'
import { Button, buttonVariants } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { EmptyState, ErrorState } from '@/components/ui/states'
import { Spinner } from '@/components/ui/spinner'
import { PhoneText } from '@/components/ui/phone-text'
// The page's first screen lists numbers (featured, history): the metadata comes with the page, so each
// shows formatted from its first render rather than as digits first (lib/phone-display.ts).
import '@/lib/phone'
import { auth } from '@/stores/auth'
import { theme } from '@/stores/theme'
import { cn } from '@/lib/cn'
import { formatDate, formatTenths } from '@/lib/format'
import { clearHistory } from '../api/clear-history'
import { getHistory, HISTORY_PAGE } from '../api/get-history'
import { getMainData } from '../api/get-main-data'
import { PaidSearchSwitch } from './paid-search-switch'
import { PlanLine } from './plan-line'
import { SearchBox, searchTarget } from './search-box'

export function SearchPage() {
  const { LL } = useI18nContext()
  const { isAuthenticated } = useSnapshot(auth)
  const { locale } = useSnapshot(theme)
  const navigate = useNavigate()
  usePageTitle(LL.search.title())
  const mainKey = isAuthenticated ? mainDataKey(locale) : null
  const main = useSWR(mainKey, () => getMainData(locale), useStoredAnswer<MainData>(K.mainData, mainKey))
  // The lists render in a transition when they arrive, in slices rather than one long task on a slow phone (issue 13).
  const featured = useDeferredValue(main.data?.featuredNumbers)

  function search(digits: string) {
    if (!isAuthenticated) {
      void navigate({ to: '/login', search: { number: digits } })
      return
    }
    void navigate(searchTarget(digits))
  }

  return (
    <SearchHead>
      <SearchBox onSearch={search} leftRequests={isAuthenticated ? main.data?.leftRequests : null} />
      {isAuthenticated && <PlanLine dailyLimit={main.data?.searchDailyLimit} />}
      {isAuthenticated && main.data?.overlimitSearch && <PaidSearchSwitch />}
      {!isAuthenticated && (
        <Card className="flex flex-wrap items-center justify-between gap-3">
          <p>{LL.search.signInToSearch()}</p>
          <Link to="/login" className={buttonVariants({ variant: 'primary' })}>
            {LL.header.login()}
          </Link>
        </Card>
      )}
      {isAuthenticated && (
        <div className="grid gap-5 wide:grid-cols-2">
          <HistoryCard />
          {featured && featured.length > 0 && (
            <Card className="flex flex-col gap-3">
              <CardTitle>{LL.search.featured()}</CardTitle>
              <ul className="flex flex-col divide-y divide-border" aria-label={LL.search.featured()}>
                {featured.map((f) => (
                  <FeaturedNumber key={f.phoneNumber} item={f} />
                ))}
              </ul>
            </Card>
          )}
        </div>
      )}
    </SearchHead>
  )
}

/** The page's heading and the line under it, around the rest: the server's first paint draws them too (app/server-frame). */
export function SearchHead({ children }: { children?: ReactNode }) {
  const { LL } = useI18nContext()
  return (
    <Page title={LL.search.heroTitle()}>
      <p className="-mt-3 max-w-2xl text-muted">{LL.search.heroText()}</p>
      {children}
    </Page>
  )
}

/** A featured number: the number, its best-known name (or "Unknown") and its reputation index. */
function FeaturedNumber({ item }: { item: MainData['featuredNumbers'][number] }) {
  const { LL, locale } = useI18nContext()
  const index = formatTenths(locale, item.index)
  return (
    <li className="flex items-center justify-between gap-3 py-2" data-testid="featured-number">
      <div className="flex min-w-0 flex-col">
        <Link to="/number/$phoneNumber" params={{ phoneNumber: item.phoneNumber }} className="self-start text-primary hover:underline">
          <PhoneText value={item.phoneNumber} />
        </Link>
        {/* The name keeps its own direction (bdi) while the line follows the page's. */}
        <span className={cn('truncate text-start text-sm', item.name ? 'text-fg' : 'text-muted')} data-testid="featured-name">
          <bdi>{item.name ?? LL.number.unknown()}</bdi>
        </span>
      </div>
      <Badge className="shrink-0" data-testid="featured-index">
        <span className="sr-only">{LL.number.reputation()} </span>
        {LL.number.indexOutOf({ index })}
      </Badge>
    </li>
  )
}

function HistoryCard() {
  const { LL, locale } = useI18nContext()
  const history = useSWR(
    HISTORY_KEY,
    () => getHistory(HISTORY_PAGE),
    useStoredAnswer<Awaited<ReturnType<typeof getHistory>>>(K.history, HISTORY_KEY),
  )
  const shown = useDeferredValue(history.data)
  const items = shown?.items ?? []
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <CardTitle>{LL.search.history()}</CardTitle>
        {items.length > 0 && (
          <Button variant="ghost" size="sm" onClick={() => void clearHistory().then(() => history.mutate())}>
            {LL.search.clearHistory()}
          </Button>
        )}
      </div>
      {history.error && !history.data ? (
        <ErrorState message={LL.app.genericError()} retryLabel={LL.app.retry()} onRetry={() => void history.mutate()} />
      ) : !shown ? (
        <Spinner label={LL.app.loading()} className="self-center py-4" />
      ) : items.length === 0 ? (
        <EmptyState title={LL.search.historyEmpty()} />
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label={LL.search.history()}>
          {items.map((h) => (
            <li key={h.id} className="flex items-center justify-between gap-3 py-2">
              <Link to="/number/$phoneNumber" params={{ phoneNumber: h.phoneNumber }} className="text-primary hover:underline">
                <PhoneText value={h.phoneNumber} />
              </Link>
              <time className="text-xs text-muted" dateTime={new Date(h.date * 1000).toISOString()}>
                {formatDate(locale, new Date(h.date * 1000))}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
