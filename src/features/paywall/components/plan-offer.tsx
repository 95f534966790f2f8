import { useId } from 'react'
import useSWR from 'swr'
import { useI18nContext } from '@i18n/i18n-react'
import type { ProductInfo, ProductsData, Tier } from '@contract/api/payments'
import { Card, CardTitle } from '@/components/ui/card'
import { getSubscription } from '../api/get-subscription'
import { SUBSCRIPTION_KEY } from '../keys'
import { periodName, pricePerPeriod, tierName } from '../product-name'
import { BuyButtons } from './buy-buttons'
import { ChangeButtons } from './change-buttons'
import { GiftForm } from './gift-form'

/**
 * What one plan gives, its price per month and per year, a buy button each, and the gift form.
 * A subscriber gets Upgrade / Downgrade instead of Buy: one plan at a time (ADR 0053).
 */
export function PlanOffer({ tier, catalogue, canBuy }: { tier: Tier; catalogue: ProductsData; canBuy: boolean }) {
  const { LL } = useI18nContext()
  const id = useId()
  const subscription = useSWR(canBuy ? SUBSCRIPTION_KEY : null, getSubscription)
  const plan = subscription.data?.activeSubscription
  const subscriber = plan && plan.status !== 'expired' ? plan : null
  const name = tierName(LL, tier)
  const options = catalogue.products.filter(
    (p): p is ProductInfo & { period: NonNullable<ProductInfo['period']> } => p.tier === tier && p.period !== null,
  )
  const { tiers } = catalogue
  const benefits =
    tier === 'tier1'
      ? [
          LL.paywall.benefitSearches({ count: tiers.tier1.searchDailyLimit, free: tiers.free.searchDailyLimit }),
          LL.paywall.benefitNoBanners(),
          LL.paywall.benefitNeuro(),
        ]
      : [
          LL.paywall.benefitEverything(),
          ...(tiers.tier2.searchDailyLimit !== tiers.tier1.searchDailyLimit
            ? [LL.paywall.benefitSearches({ count: tiers.tier2.searchDailyLimit, free: tiers.free.searchDailyLimit })]
            : []),
          LL.paywall.benefitLookups(),
          LL.paywall.benefitCoins({ count: tiers.tier2.coinsPerPeriod }),
        ]
  const buyable = canBuy && catalogue.providers.length > 0
  return (
    <Card className="flex flex-col gap-5" data-testid={`offer-${tier}`}>
      <CardTitle>{name}</CardTitle>
      <ul className="flex flex-col gap-2" aria-label={LL.paywall.benefitsOf({ plan: name })}>
        {benefits.map((b) => (
          <li key={b} className="flex items-start gap-2">
            <span aria-hidden className="mt-0.5 text-success">
              ✓
            </span>
            <span>{b}</span>
          </li>
        ))}
      </ul>
      <div className="grid gap-4 wide:grid-cols-2">
        {options.map((o) => (
          <section key={o.id} aria-labelledby={`${id}-${o.id}`} className="flex flex-col gap-3 rounded-xl border border-border p-4">
            <h3 id={`${id}-${o.id}`} className="font-semibold">
              {periodName(LL, o.period)}
            </h3>
            <p className="text-2xl font-bold">{pricePerPeriod(LL, o)}</p>
            {buyable && (subscriber ? <ChangeButtons product={o} plan={subscriber} /> : subscription.data && <BuyButtons product={o} />)}
          </section>
        ))}
      </div>
      {buyable && options.length > 0 && <GiftForm planName={name} options={options} />}
    </Card>
  )
}
