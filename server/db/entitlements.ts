import { sql } from 'drizzle-orm'
import type { Param } from './client'
import { users } from './schema'

/**
 * Entitlements follow the plan's paid period, compared with the clock when read, so a
 * lapsed plan gives nothing even before the expiry job marks it expired.
 */
export const planActive = sql<boolean>`coalesce(${users.planExpiresAt} > now(), false)`
/** Premium Plus ("who looked me up"). */
export const spySubscription = sql<boolean>`coalesce(${users.planTier} = 'tier2' and ${users.planExpiresAt} > now(), false)`

/** The same rule in code, for a user row already read: the plan's tier while its period runs, else null. */
export function planInForce(
  u: { planTier: 'tier1' | 'tier2' | null; planExpiresAt: Date | null },
  now = new Date(),
): 'tier1' | 'tier2' | null {
  return u.planTier && u.planExpiresAt && u.planExpiresAt > now ? u.planTier : null
}

/** Daily search limits by plan, from the catalogue. */
export interface PlanLimits {
  free: number
  tier1: number
  tier2: number
}

/** The viewer's daily search limit, in SQL. */
export const dailyLimitOf = (limits: { [K in keyof PlanLimits]: Param<number> }) =>
  sql<number>`case when ${planActive} then (case ${users.planTier} when 'tier2' then ${limits.tier2}::int else ${limits.tier1}::int end) else ${limits.free}::int end`
