/**
 * The products, plans and providers of DESIGN.md section 8 as plain values, without zod: the
 * web app's first load reads them (the checkout's return) and does not load the contract's
 * schemas (ADR 0032). contract/api/payments.ts re-exports them beside its schemas.
 */

/** Products of DESIGN.md section 8: coin packs and plans. */
export const PACK_PRODUCTS = ['numcy_pack_100', 'numcy_pack_550', 'numcy_pack_1200'] as const
export const PLAN_PRODUCTS = ['tier1_month', 'tier1_year', 'tier2_month', 'tier2_year'] as const
export const PRODUCTS = [...PACK_PRODUCTS, ...PLAN_PRODUCTS] as const
export type PackProduct = (typeof PACK_PRODUCTS)[number]
export type PlanProduct = (typeof PLAN_PRODUCTS)[number]
export type Product = (typeof PRODUCTS)[number]

export const TIERS = ['tier1', 'tier2'] as const
export type Tier = (typeof TIERS)[number]
export const PERIODS = ['month', 'year'] as const
export type Period = (typeof PERIODS)[number]

/** Who takes the money. `gift` only names how a plan was granted, never a checkout. */
export const CHECKOUT_PROVIDERS = ['stripe', 'dev'] as const
export type CheckoutProvider = (typeof CHECKOUT_PROVIDERS)[number]
export const SUBSCRIPTION_PROVIDERS = ['stripe', 'dev', 'gift'] as const
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'expired'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

export function planOf(product: PlanProduct): { tier: Tier; period: Period } {
  const [tier, period] = product.split('_') as [Tier, Period]
  return { tier, period }
}
/**
 * What changing a subscriber's plan is (ADR 0053): a higher tier, or the same tier yearly instead
 * of monthly, is an upgrade (in force at once); anything else a downgrade (at the period's end).
 */
export function planChangeKind(from: { tier: Tier; period: Period }, to: { tier: Tier; period: Period }): 'upgrade' | 'downgrade' {
  const rank = (p: { tier: Tier; period: Period }) => (p.tier === 'tier2' ? 20 : 10) + (p.period === 'year' ? 1 : 0)
  return rank(to) > rank(from) ? 'upgrade' : 'downgrade'
}
export const isPlanProduct = (p: string): p is PlanProduct => (PLAN_PRODUCTS as readonly string[]).includes(p)
export const isPackProduct = (p: string): p is PackProduct => (PACK_PRODUCTS as readonly string[]).includes(p)
