import { Link } from '@tanstack/react-router'
import useSWRInfinite from 'swr/infinite'
import { useI18nContext } from '@i18n/i18n-react'
import type { LookupsData } from '@contract/api/payments'
import { Button, buttonVariants } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { PhoneText } from '@/components/ui/phone-text'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState, ErrorState } from '@/components/ui/states'
import { formatDate } from '@/lib/format'
import { getLookups } from '../api/get-lookups'

const LOOKUPS_PAGE = 20

/**
 * "Who looked me up" on the own number page (DESIGN.md section 8, Premium Plus): the
 * signed-in people who looked up the number in the last 30 days, newest first, paged;
 * anti-spy users as "Someone". Everyone else sees what Premium Plus adds.
 */
export function LookupsCard() {
  const { LL } = useI18nContext()
  const pages = useSWRInfinite(
    (index, previous: LookupsData | null) =>
      previous && (!previous.allowed || previous.items.length < LOOKUPS_PAGE) ? null : ['lookups', index * LOOKUPS_PAGE],
    ([, offset]: [string, number]) => getLookups(LOOKUPS_PAGE, offset),
  )
  const first = pages.data?.[0]
  if (first && !first.allowed) return <LookupsUpsell />
  const items = pages.data?.flatMap((p) => p.items) ?? []
  const total = first?.total ?? 0
  return (
    <Card className="flex flex-col gap-3" data-testid="lookups">
      <CardTitle>{LL.money.lookupsTitle()}</CardTitle>
      <p className="text-sm text-muted">{LL.money.lookupsIntro()}</p>
      {pages.error && !pages.data ? (
        <ErrorState message={LL.app.genericError()} retryLabel={LL.app.retry()} onRetry={() => void pages.mutate()} />
      ) : !first ? (
        <Spinner label={LL.app.loading()} className="self-center py-4" />
      ) : items.length === 0 ? (
        <EmptyState title={LL.money.lookupsEmpty()} />
      ) : (
        <>
          <LookupList items={items} />
          {items.length < total && (
            <Button
              variant="secondary"
              className="self-start"
              disabled={pages.isValidating}
              onClick={() => void pages.setSize(pages.size + 1)}
            >
              {LL.money.lookupsMore()}
            </Button>
          )}
        </>
      )}
    </Card>
  )
}

function LookupList({ items }: { items: LookupsData['items'] }) {
  const { LL, locale } = useI18nContext()
  return (
    <ul className="flex flex-col divide-y divide-border" aria-label={LL.money.lookupsList()}>
      {items.map((item, i) => (
        <li key={`${item.date}-${i}`} className="flex flex-wrap items-center justify-between gap-3 py-2">
          {item.phoneNumber ? (
            <span className="flex flex-col">
              <Link
                to="/number/$phoneNumber"
                params={{ phoneNumber: item.phoneNumber.replace(/\D/g, '') }}
                className="text-primary hover:underline"
              >
                <PhoneText value={item.phoneNumber} />
              </Link>
              {item.name && <span className="text-sm text-muted">{item.name}</span>}
            </span>
          ) : (
            <span className="flex flex-col">
              <span className="font-medium">{LL.money.someone()}</span>
              <span className="text-sm text-muted">{LL.money.someoneHint()}</span>
            </span>
          )}
          <time className="text-sm text-muted" dateTime={new Date(item.date * 1000).toISOString()}>
            {formatDate(locale, new Date(item.date * 1000))}
          </time>
        </li>
      ))}
    </ul>
  )
}

/** For everyone without Premium Plus: what it adds, and the way there. */
function LookupsUpsell() {
  const { LL } = useI18nContext()
  return (
    <Card className="flex flex-col gap-3" data-testid="lookups-upsell">
      <CardTitle>{LL.money.lookupsTitle()}</CardTitle>
      <p className="text-muted">{LL.money.upsellText()}</p>
      <Link to="/paywall" search={{ tab: 'tier2' }} className={buttonVariants({ variant: 'primary' }) + ' self-start'}>
        {LL.money.upsellLink()}
      </Link>
    </Card>
  )
}
