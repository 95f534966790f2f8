import { z } from 'zod'
import { okEnvelope } from './envelope'
import { textField } from '../text'
import { id } from './community'
import {
  PACK_PRODUCTS,
  PLAN_PRODUCTS,
  PRODUCTS,
  TIERS,
  PERIODS,
  CHECKOUT_PROVIDERS,
  SUBSCRIPTION_PROVIDERS,
  SUBSCRIPTION_STATUSES,
} from '../products'

export * from '../products'

/**
 * The catalogue: one typed configuration on the server (defaults in
 * server/modules/payments/catalogue.ts), overridable by the JSON file in PLANS_FILE.
 * Prices are in the currency's minor unit (cents).
 */
const minorUnits = z.number().int().positive().max(100_000_000)
export const catalogueConfig = z
  .object({
    currency: z.string().regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code such as USD'),
    packs: z
      .array(z.object({ id: z.enum(PACK_PRODUCTS), coins: z.number().int().positive().max(1_000_000), price: minorUnits }).strict())
      .min(1),
    plans: z.array(z.object({ id: z.enum(PLAN_PRODUCTS), price: minorUnits }).strict()).min(1),
    tiers: z
      .object({
        tier1: z.object({ searchDailyLimit: z.number().int().positive().max(100_000) }).strict(),
        tier2: z
          .object({ searchDailyLimit: z.number().int().positive().max(100_000), coinsPerPeriod: z.number().int().min(0).max(1_000_000) })
          .strict(),
      })
      .strict(),
  })
  .strict()
  .superRefine((c, ctx) => {
    for (const key of ['packs', 'plans'] as const) {
      const seen = new Set<string>()
      c[key].forEach((entry, i) => {
        if (seen.has(entry.id)) ctx.addIssue({ code: 'custom', path: [key, i, 'id'], message: `${entry.id} is listed twice` })
        seen.add(entry.id)
      })
    }
  })
export type CatalogueConfig = z.infer<typeof catalogueConfig>

export const productInfo = z.object({
  id: z.enum(PRODUCTS),
  kind: z.enum(['pack', 'plan']),
  /** Coins a pack credits. */
  coins: z.number().int().nullable(),
  tier: z.enum(TIERS).nullable(),
  period: z.enum(PERIODS).nullable(),
  /** Minor units of `currency`. */
  price: z.number().int(),
  currency: z.string(),
  /** The price formatted in the asker's language, e.g. "4,99 €". */
  priceText: z.string(),
  /** Providers this product can be bought through now. */
  providers: z.array(z.enum(CHECKOUT_PROVIDERS)),
})
export type ProductInfo = z.infer<typeof productInfo>

export const activeSubscription = z.object({
  tier: z.enum(TIERS),
  period: z.enum(PERIODS),
  provider: z.enum(SUBSCRIPTION_PROVIDERS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  autoRenewing: z.boolean(),
  /** End of the paid period, ms since the epoch. */
  expiredAt: z.number().int(),
  /** When the next renewal is due (null when it will not renew). */
  nextCronScheduledAt: z.number().int().nullable(),
  /** A downgrade waiting for the period's end: the plan it renews as, from `startsAt` (ms); null when none (ADR 0053). */
  pendingChange: z.object({ tier: z.enum(TIERS), period: z.enum(PERIODS), startsAt: z.number().int() }).nullable(),
})
export type ActiveSubscription = z.infer<typeof activeSubscription>

export const tierLimits = z.object({
  free: z.object({ searchDailyLimit: z.number().int() }),
  tier1: z.object({ searchDailyLimit: z.number().int() }),
  tier2: z.object({ searchDailyLimit: z.number().int(), coinsPerPeriod: z.number().int() }),
})

export const productsQuery = z.object({ locale: z.string().max(16).optional() })
export const productsResponse = okEnvelope(
  z.object({
    products: z.array(productInfo),
    /** Providers configured on this server; empty means payments are not configured. */
    providers: z.array(z.enum(CHECKOUT_PROVIDERS)),
    tiers: tierLimits,
  }),
)
export type ProductsData = z.infer<typeof productsResponse>['data']

export const checkoutBody = z.object({
  product: z.enum(PRODUCTS, { error: `product must be one of ${PRODUCTS.join(', ')}` }),
  gift_number: textField({ min: 3, max: 32, kind: 'line' }).optional(),
  provider: z.enum(CHECKOUT_PROVIDERS).optional(),
})
export const checkoutResponse = okEnvelope(z.object({ url: z.string(), provider: z.enum(CHECKOUT_PROVIDERS), paymentId: z.number().int() }))

export const subscriptionQuery = z.object({ platform: z.string().max(16).optional() })
export const subscriptionData = z.object({
  activeSubscription: activeSubscription.nullable(),
  neverRequested: z.boolean(),
  myNumber: z.string(),
  /** Stripe customers get a billing-portal link to change the card or cancel. */
  stripe: z.object({ portalUrl: z.string() }).nullable(),
  /** The review on the person's own number they hide with coins (numcy comment subscription in force), else null. */
  comment_id: z.number().int().nullable(),
  /** The plan in one word: `none` (never had one), else `activeSubscription.status`. */
  status: z.enum(['none', ...SUBSCRIPTION_STATUSES]),
  /** A checkout of a plan is open or paid but its plan has not arrived yet: ask again in 5 s (SPEC.md section 4). */
  waitSubscribeData: z.boolean(),
  /** The person's own number as digits without the plus (`myNumber` is E.164). */
  myPhone: z.string(),
})
export type SubscriptionData = z.infer<typeof subscriptionData>
export const subscriptionResponse = okEnvelope(subscriptionData)

/** POST /api/v6/subscription/change: another plan for a subscriber (ADR 0053). */
export const subscriptionChangeBody = z.object({
  product: z.enum(PLAN_PRODUCTS, { error: `product must be one of ${PLAN_PRODUCTS.join(', ')}` }),
})
/**
 * `upgrade`: in force now (Stripe charges the prorated difference at once); `downgrade`: the plan
 * renews as the new one at the period's end; `kept`: a pending downgrade withdrawn.
 */
export const subscriptionChangeResponse = okEnvelope(subscriptionData.extend({ change: z.enum(['upgrade', 'downgrade', 'kept']) }))

/** The development provider's checkout page reads and pays a pending payment. */
export const devPaymentParams = z.object({ id })
export const devPayment = z.object({
  id: z.number().int(),
  product: productInfo,
  status: z.enum(['pending', 'paid', 'refunded', 'expired']),
  giftNumber: z.string().nullable(),
})
export const devPaymentResponse = okEnvelope(devPayment)
export const devPayBody = z.object({ id })
export const devPayResponse = okEnvelope(z.object({ status: z.literal('paid'), returnUrl: z.string() }))

/** One-time keys (DESIGN.md section 8): a signed-in app opens the paywall in a browser. */
export const paymentKeyResponse = okEnvelope(z.object({ key: z.string(), expiresIn: z.number().int() }))
export const authKeyBody = z.object({ key: z.string().min(10).max(4096) })
export const authKeyResponse = okEnvelope(z.object({ token: z.string(), profileId: z.number().int(), phoneNumber: z.string() }))
/** Whose an unused key is, without spending it (POST /api/v6/auth/key/peek): the web app asks before switching accounts. */
export const authKeyPeekResponse = okEnvelope(z.object({ profileId: z.number().int(), phoneNumber: z.string() }))

export const apkResponse = okEnvelope(z.object({ url: z.string() }))

export const overlimitResponse = okEnvelope(z.object({ overlimit: z.boolean() }))

/** "Who looked me up" (tier2): signed-in users who searched your number in the last 30 days. */
export const lookupsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
})
export const lookupItem = z.object({
  /** Null when the searcher has anti-spy on: shown as "someone". */
  phoneNumber: z.string().nullable(),
  name: z.string().nullable(),
  /** When they looked it up, in Unix seconds like every other time the API gives. */
  date: z.number().int(),
})
export const lookupsResponse = okEnvelope(z.object({ allowed: z.boolean(), items: z.array(lookupItem), total: z.number().int() }))
export type LookupsData = z.infer<typeof lookupsResponse>['data']

export const cancelResumeResponse = okEnvelope(subscriptionData)
