import { useId } from 'react'
import useSWRInfinite from 'swr/infinite'
import { useI18nContext } from '@i18n/i18n-react'
import type { TranslationFunctions } from '@i18n/i18n-types'
import type { LedgerEntry } from '@contract/api/privacy'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState, ErrorState } from '@/components/ui/states'
import { cn } from '@/lib/cn'
import { formatDate, numberFormat } from '@/lib/format'
import { getLedger } from '../api/get-ledger'
import { LEDGER_PAGE_SIZE, ledgerKey } from '../keys'

type Reasons = TranslationFunctions['settings']['ledgerReason']

/** A ledger reason in words; a reason this app does not know yet reads as "other change". */
function reasonText(LL: TranslationFunctions, reason: string): string {
  const reasons = LL.settings.ledgerReason
  return Object.hasOwn(reasons, reason) ? reasons[reason as keyof Reasons]() : reasons.other()
}

/** The coin ledger (DESIGN.md section 9): every change with its reason, signed amount, balance after and date; paged. */
export function CoinLedger() {
  const { LL, locale } = useI18nContext()
  const id = useId()
  const pages = useSWRInfinite(
    (index: number, previous: { items: LedgerEntry[] } | null) =>
      previous && previous.items.length < LEDGER_PAGE_SIZE ? null : ledgerKey(index * LEDGER_PAGE_SIZE),
    ([, offset]) => getLedger(offset, LEDGER_PAGE_SIZE),
  )
  const items = pages.data?.flatMap((p) => p.items) ?? []
  const total = pages.data?.[0]?.total ?? 0
  const loadingMore = pages.isValidating && pages.size > (pages.data?.length ?? 0)
  const signed = numberFormat(locale, { signDisplay: 'exceptZero' })
  return (
    <Card className="flex flex-col gap-3" data-testid="coin-ledger">
      <CardTitle id={`${id}-title`}>{LL.settings.ledger()}</CardTitle>
      {pages.error && !pages.data ? (
        <ErrorState message={LL.app.genericError()} retryLabel={LL.app.retry()} onRetry={() => void pages.mutate()} />
      ) : !pages.data ? (
        <Spinner label={LL.app.loading()} className="self-start" />
      ) : items.length === 0 ? (
        <EmptyState title={LL.settings.ledgerEmpty()} />
      ) : (
        <ol aria-labelledby={`${id}-title`} className="divide-y divide-border">
          {items.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3" data-testid="ledger-entry">
              <div className="flex flex-col">
                <span className="font-medium">{reasonText(LL, entry.reason)}</span>
                <time className="text-sm text-muted" dateTime={new Date(entry.createdAtTimestamp * 1000).toISOString()}>
                  {formatDate(locale, new Date(entry.createdAtTimestamp * 1000))}
                </time>
              </div>
              <div className="flex flex-col items-end">
                <span
                  dir="ltr"
                  className={cn('font-semibold tabular-nums', entry.delta > 0 ? 'text-success' : entry.delta < 0 && 'text-danger')}
                >
                  {signed.format(entry.delta)}
                </span>
                <span className="text-sm text-muted">{LL.settings.ledgerBalanceAfter({ balance: entry.balanceAfter })}</span>
              </div>
            </li>
          ))}
        </ol>
      )}
      {items.length > 0 && items.length < total && (
        <Button variant="secondary" className="self-start" disabled={loadingMore} onClick={() => void pages.setSize(pages.size + 1)}>
          {LL.settings.ledgerMore()}
        </Button>
      )}
    </Card>
  )
}
