import type { MyProfile } from '@contract/api/account'
import type { ProductInfo, ProductsData, SubscriptionData } from '@contract/api/payments'
import { STORY_NOW } from '../../support/clock'
import { MY_NUMBER } from '../../support/fixtures'

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`

function product(id: ProductInfo['id'], price: number, extra: Partial<ProductInfo>): ProductInfo {
  return {
    id,
    kind: 'plan',
    coins: null,
    tier: null,
    period: null,
    price,
    currency: 'USD',
    priceText: usd(price),
    providers: ['stripe', 'dev'],
    ...extra,
  }
}

/** The default catalogue of DESIGN.md section 8, sold through Stripe with development payments beside it. */
export function catalogue(providers: ProductsData['providers'] = ['stripe', 'dev']): ProductsData {
  const plan = (id: ProductInfo['id'], price: number) => {
    const [tier, period] = id.split('_') as ['tier1' | 'tier2', 'month' | 'year']
    return product(id, price, { tier, period, providers })
  }
  const pack = (id: ProductInfo['id'], coins: number, price: number) => product(id, price, { kind: 'pack', coins, providers })
  return {
    products: [
      pack('numcy_pack_100', 100, 199),
      pack('numcy_pack_550', 550, 899),
      pack('numcy_pack_1200', 1200, 1699),
      plan('tier1_month', 499),
      plan('tier1_year', 3999),
      plan('tier2_month', 999),
      plan('tier2_year', 7999),
    ],
    providers,
    tiers: { free: { searchDailyLimit: 30 }, tier1: { searchDailyLimit: 300 }, tier2: { searchDailyLimit: 300, coinsPerPeriod: 100 } },
  }
}

const DAY = 86_400_000
/** The end of the paid period: 20 days after the story's frozen now. */
export const PERIOD_END = STORY_NOW + 20 * DAY

export function subscription(
  active: Partial<NonNullable<SubscriptionData['activeSubscription']>> | null,
  stripe = false,
): SubscriptionData {
  return {
    activeSubscription: active && {
      tier: 'tier1',
      period: 'month',
      provider: stripe ? 'stripe' : 'dev',
      status: 'active',
      autoRenewing: true,
      expiredAt: PERIOD_END,
      nextCronScheduledAt: PERIOD_END,
      pendingChange: null,
      ...active,
    },
    neverRequested: active === null,
    myNumber: MY_NUMBER,
    stripe: stripe ? { portalUrl: 'https://billing.example.com/p/session_story' } : null,
    comment_id: null,
    status: active === null ? 'none' : (active.status ?? 'active'),
    waitSubscribeData: false,
    myPhone: MY_NUMBER.replace(/^\+/, ''),
  }
}

/** The own profile (`GET /api/v6/profile/my`) with a plan and the overlimit flag. */
export function myProfile(planTier: MyProfile['planTier'] = null, overlimit = false): MyProfile {
  return {
    profileId: 7,
    phoneNumber: MY_NUMBER,
    firstName: null,
    lastName: null,
    role: 'user',
    balance: 12,
    locale: 'en',
    antispy: false,
    profileGoing: true,
    overlimit,
    isPro: planTier !== null,
    planTier,
    createdAtTimestamp: Math.floor(STORY_NOW / 1000) - 86_400 * 90,
  }
}
