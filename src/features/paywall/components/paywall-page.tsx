import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import useSWR from 'swr'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import type { ProductsData, Tier } from '@contract/api/payments'
import { Page } from '@/components/layout/app-shell'
import { buttonVariants } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ErrorState } from '@/components/ui/states'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { usePageTitle } from '@/lib/use-page-title'
import { auth } from '@/stores/auth'
import { getProducts } from '@/lib/get-products'
import { productsKey } from '@/lib/products-key'
import { tierName } from '../product-name'
import { useCheckoutReturn } from '../use-checkout-return'
import { CoinPacks } from './coin-packs'
import { CurrentPlan } from './current-plan'
import { PlanOffer } from './plan-offer'

export interface PaywallPageProps {
  kind: 'tiers' | 'numcy'
  /** The plan tab, kept in the address (`?tab=tier1|tier2`). */
  tab?: Tier
  onTabChange?: (tab: Tier) => void
  /** Stripe's `session_id` on the way back from a checkout. */
  sessionId?: string
  /** After the refresh that follows a checkout: the page drops `session_id` from the address. */
  onCheckoutSeen?: () => void
}

/**
 * The payment pages of SPEC.md section 2 and DESIGN.md section 8: the plans (a tab each)
 * or the coin packs, what each gives and costs, the plan in force and the balance.
 */
export function PaywallPage({ kind, tab = 'tier1', onTabChange, sessionId, onCheckoutSeen }: PaywallPageProps) {
  const { LL, locale } = useI18nContext()
  const { isAuthenticated } = useSnapshot(auth)
  const catalogue = useSWR(productsKey(locale), () => getProducts(locale))
  const returning = useCheckoutReturn(sessionId, onCheckoutSeen)
  const title = kind === 'numcy' ? LL.paywall.numcyTitle() : LL.paywall.title()
  usePageTitle(title)

  return (
    <PaywallHead kind={kind}>
      {returning !== 'none' && (
        <p role="status" className="rounded-xl border border-success bg-surface px-4 py-3 font-medium" data-testid="checkout-return">
          {returning === 'refreshing' ? LL.paywall.returning() : LL.paywall.returned()}
        </p>
      )}
      {isAuthenticated ? (
        <CurrentPlan freeLimit={catalogue.data?.tiers.free.searchDailyLimit} />
      ) : (
        <Card className="flex flex-wrap items-center justify-between gap-3">
          <p>{LL.paywall.signInToBuy()}</p>
          <Link to="/login" className={buttonVariants({ variant: 'primary' })}>
            {LL.header.login()}
          </Link>
        </Card>
      )}
      {catalogue.error && !catalogue.data ? (
        <ErrorState message={LL.app.genericError()} retryLabel={LL.app.retry()} onRetry={() => void catalogue.mutate()} />
      ) : !catalogue.data ? (
        <Spinner label={LL.app.loading()} className="self-center py-8" />
      ) : (
        <Offers kind={kind} tab={tab} onTabChange={onTabChange} catalogue={catalogue.data} canBuy={isAuthenticated} />
      )}
    </PaywallHead>
  )
}

/**
 * The page's heading, the link to the other payment page beside it and the line under it, around
 * the rest: the server's first paint draws them too (app/server-frame).
 */
export function PaywallHead({ kind, children }: { kind: PaywallPageProps['kind']; children?: ReactNode }) {
  const { LL } = useI18nContext()
  const other =
    kind === 'numcy' ? (
      <Link to="/paywall" search={{ tab: 'tier1' }} className={buttonVariants({ variant: 'secondary' })}>
        {LL.paywall.toPlans()}
      </Link>
    ) : (
      <Link to="/paywall/numcy" className={buttonVariants({ variant: 'secondary' })}>
        {LL.paywall.toCoins()}
      </Link>
    )
  return (
    <Page title={kind === 'numcy' ? LL.paywall.numcyTitle() : LL.paywall.title()} actions={other}>
      <p className="-mt-3 text-muted">{kind === 'numcy' ? LL.paywall.numcyIntro() : LL.paywall.intro()}</p>
      {children}
    </Page>
  )
}

function Offers({
  kind,
  tab,
  onTabChange,
  catalogue,
  canBuy,
}: {
  kind: PaywallPageProps['kind']
  tab: Tier
  onTabChange?: (tab: Tier) => void
  catalogue: ProductsData
  canBuy: boolean
}) {
  const { LL } = useI18nContext()
  const notConfigured = catalogue.providers.length === 0 && (
    <p role="note" className="rounded-xl border border-warning bg-surface px-4 py-3" data-testid="payments-not-configured">
      {LL.paywall.notConfigured()}
    </p>
  )
  if (kind === 'numcy') {
    return (
      <>
        {notConfigured}
        <CoinPacks catalogue={catalogue} canBuy={canBuy} />
      </>
    )
  }
  return (
    <>
      {notConfigured}
      <Tabs value={tab} onValueChange={(value) => onTabChange?.(value === 'tier2' ? 'tier2' : 'tier1')} className="flex flex-col gap-4">
        <TabsList aria-label={LL.paywall.plans()} className="self-start">
          {(['tier1', 'tier2'] as const).map((t) => (
            <TabsTrigger key={t} value={t}>
              {tierName(LL, t)}
            </TabsTrigger>
          ))}
        </TabsList>
        {(['tier1', 'tier2'] as const).map((t) => (
          <TabsContent key={t} value={t}>
            <PlanOffer tier={t} catalogue={catalogue} canBuy={canBuy} />
          </TabsContent>
        ))}
      </Tabs>
    </>
  )
}
