import type { TranslationFunctions } from '@i18n/i18n-types'
import type { Period, ProductInfo, Tier } from '@contract/api/payments'

export const tierName = (LL: TranslationFunctions, tier: Tier) => (tier === 'tier1' ? LL.paywall.tier1() : LL.paywall.tier2())
export const periodName = (LL: TranslationFunctions, period: Period) => (period === 'month' ? LL.paywall.monthly() : LL.paywall.yearly())

/** What a product is called on screen: "100 coins", "Premium, monthly". */
export function productName(LL: TranslationFunctions, product: Pick<ProductInfo, 'coins' | 'tier' | 'period'>): string {
  if (product.tier && product.period) return LL.paywall.planOf({ plan: tierName(LL, product.tier), period: periodName(LL, product.period) })
  return LL.paywall.packCoins({ count: product.coins ?? 0 })
}

/** A price with its period: "$4.99 per month". */
export function pricePerPeriod(LL: TranslationFunctions, product: Pick<ProductInfo, 'priceText' | 'period'>): string {
  if (product.period === 'month') return LL.paywall.perMonth({ price: product.priceText })
  if (product.period === 'year') return LL.paywall.perYear({ price: product.priceText })
  return product.priceText
}
