import fs from 'node:fs'
import {
  catalogueConfig,
  isPackProduct,
  isPlanProduct,
  planOf,
  type CatalogueConfig,
  type CheckoutProvider,
  type Product,
  type ProductInfo,
  type Tier,
} from '../../../contract/api/payments'
import { LIMITS } from '../../../contract/constants'

/** The default catalogue (DESIGN.md section 8). PLANS_FILE replaces it whole. */
export const DEFAULT_CATALOGUE: CatalogueConfig = {
  currency: 'USD',
  packs: [
    { id: 'numcy_pack_100', coins: 100, price: 199 },
    { id: 'numcy_pack_550', coins: 550, price: 899 },
    { id: 'numcy_pack_1200', coins: 1200, price: 1699 },
  ],
  plans: [
    { id: 'tier1_month', price: 499 },
    { id: 'tier1_year', price: 3999 },
    { id: 'tier2_month', price: 999 },
    { id: 'tier2_year', price: 7999 },
  ],
  tiers: {
    tier1: { searchDailyLimit: 300 },
    tier2: { searchDailyLimit: 300, coinsPerPeriod: 100 },
  },
}

export class CatalogueError extends Error {}

/** Reads and checks PLANS_FILE; the error names the file and the first bad entry. */
export function loadCatalogue(file: string | undefined): Catalogue {
  if (!file) return createCatalogue(DEFAULT_CATALOGUE)
  let raw: unknown
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (err) {
    throw new CatalogueError(`PLANS_FILE ${file}: cannot be read as JSON (${(err as Error).message})`)
  }
  const parsed = catalogueConfig.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue.path.length ? issue.path.join('.') : '(top level)'
    throw new CatalogueError(`PLANS_FILE ${file}: ${where}: ${issue.message}`)
  }
  return createCatalogue(parsed.data)
}

export interface CatalogueEntry {
  id: Product
  kind: 'pack' | 'plan'
  coins: number | null
  tier: Tier | null
  period: 'month' | 'year' | null
  price: number
}

export function createCatalogue(config: CatalogueConfig) {
  const entries = new Map<Product, CatalogueEntry>()
  for (const p of config.packs) entries.set(p.id, { id: p.id, kind: 'pack', coins: p.coins, tier: null, period: null, price: p.price })
  for (const p of config.plans) entries.set(p.id, { id: p.id, kind: 'plan', coins: null, ...planOf(p.id), price: p.price })
  const currency = config.currency
  return {
    currency,
    tiers: config.tiers,
    /** Daily search limits by plan, for the search statement. */
    limits: { free: LIMITS.searchDailyLimit, tier1: config.tiers.tier1.searchDailyLimit, tier2: config.tiers.tier2.searchDailyLimit },
    /** The product, or undefined when the catalogue does not sell it. */
    get(id: string): CatalogueEntry | undefined {
      return isPackProduct(id) || isPlanProduct(id) ? entries.get(id) : undefined
    },
    entries(): CatalogueEntry[] {
      return [...entries.values()]
    },
    /** Coins credited with each paid period of a plan (tier2 only). */
    coinsPerPeriod(tier: Tier): number {
      return tier === 'tier2' ? config.tiers.tier2.coinsPerPeriod : 0
    },
    /** The daily search limit of a plan (or of a free user). */
    searchDailyLimit(tier: Tier | null): number {
      return tier ? config.tiers[tier].searchDailyLimit : LIMITS.searchDailyLimit
    },
    /** The product as the web app shows it, its price formatted in the asker's language. */
    describe(entry: CatalogueEntry, locale: string, providers: CheckoutProvider[]): ProductInfo {
      return { ...entry, currency, priceText: formatPrice(entry.price, currency, locale), providers }
    },
  }
}
export type Catalogue = ReturnType<typeof createCatalogue>

/** Minor units in the currency's own exponent (cents, yen), in the asker's language with Latin digits. */
export function formatPrice(minor: number, currency: string, locale: string): string {
  const tag = toBcp47(locale)
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  return new Intl.NumberFormat(tag, { style: 'currency', currency, numberingSystem: 'latn' }).format(minor / 10 ** digits)
}

function toBcp47(locale: string): string {
  const tag = locale.replace('_', '-')
  // The app's "in-id" is Indonesian (ISO 639 "id").
  const fixed = tag.toLowerCase().startsWith('in-') ? `id-${tag.slice(3)}` : tag
  try {
    return Intl.NumberFormat.supportedLocalesOf([fixed]).length ? fixed : 'en'
  } catch {
    return 'en' // not a well-formed language tag
  }
}
