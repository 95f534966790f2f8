import { and, desc, eq, gt, gte, sql } from 'drizzle-orm'
import type { ActiveSubscription, CheckoutProvider, Period, Product, Tier } from '../../../contract/api/payments'
import type { Db } from '../../db/client'
import { planInForce } from '../../db/entitlements'
import { coinLedger, commentSubscriptions, payments, subscriptions, users } from '../../db/schema'

export interface NewPayment {
  userId: number
  /** The buyer's own purchase: the buyer; a gift: null until it is paid (fulfilment creates the gifted number's account). */
  beneficiaryId: number | null
  giftNumber?: string | null
  provider: CheckoutProvider
  product: Product
  amount: number
  currency: string
  coins: number
}

export async function createPayment(db: Db, p: NewPayment): Promise<number> {
  const [row] = await db.insert(payments).values(p).returning({ id: payments.id })
  return row.id
}

export async function setPaymentRef(db: Db, id: number, providerRef: string): Promise<void> {
  await db.update(payments).set({ providerRef }).where(eq(payments.id, id))
}

export async function getPayment(db: Db, id: number) {
  const [p] = await db.select().from(payments).where(eq(payments.id, id))
  return p ?? null
}

export async function phoneOf(db: Db, userId: number): Promise<string | null> {
  const [u] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId))
  return u?.phone ?? null
}

type SubscriptionRow = typeof subscriptions.$inferSelect

/**
 * The plan a user has now: the subscription that gives the entitlements in force, else
 * the latest one that has a period at all (a lapsed or canceled plan still shows).
 */
export async function currentSubscription(db: Db, userId: number): Promise<{ row: SubscriptionRow | null; neverRequested: boolean }> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), sql`${subscriptions.expiresAt} is not null`))
    .orderBy(
      sql`(${subscriptions.status} <> 'expired' and ${subscriptions.expiresAt} > now()) desc`,
      desc(subscriptions.tier),
      desc(subscriptions.expiresAt),
    )
    .limit(1)
  const [any] = rows.length
    ? rows
    : await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1)
  return { row: rows[0] ?? null, neverRequested: !any }
}

/**
 * The plan as the API shows it. Stripe's meaning of the status (ADR 0053): a plan cancelled at
 * the period's end is `active` with `autoRenewing: false` until it ends, then `expired`; a
 * refunded one is `expired` at once.
 */
export function toActiveSubscription(row: SubscriptionRow, now = new Date()): ActiveSubscription {
  const expiredAt = row.expiresAt ?? now
  const lapsed = row.status === 'expired' || row.status === 'refunded' || expiredAt <= now
  const status = lapsed ? 'expired' : row.status === 'past_due' ? 'past_due' : 'active'
  const pending = !lapsed && row.autoRenewing && row.pendingTier && row.pendingPeriod
  return {
    tier: row.tier as ActiveSubscription['tier'],
    period: row.period as ActiveSubscription['period'],
    provider: row.provider as ActiveSubscription['provider'],
    status,
    autoRenewing: !lapsed && row.autoRenewing,
    expiredAt: expiredAt.getTime(),
    nextCronScheduledAt: !lapsed && row.autoRenewing && row.nextCronAt ? row.nextCronAt.getTime() : null,
    pendingChange: pending ? { tier: row.pendingTier as Tier, period: row.pendingPeriod as Period, startsAt: expiredAt.getTime() } : null,
  }
}

/** Whether a plan holds now (paid period not over, not refunded): one plan at a time (ADR 0053). */
export const inForce = (row: SubscriptionRow | null, now = new Date()): row is SubscriptionRow =>
  Boolean(row && toActiveSubscription(row, now).status !== 'expired')

/** Switches renewal at the period's end; the updated row, or null when the plan has ended. */
export async function setAutoRenewing(db: Db, subscriptionId: number, on: boolean, stripeAnsweredAt?: Date) {
  const [row] = await db
    .update(subscriptions)
    // Stripe's meaning: cancelled at the period's end is still `active`, only no longer renewing (ADR 0053).
    .set({
      autoRenewing: on,
      status: sql`case when ${subscriptions.status} = 'canceled' then 'active' else ${subscriptions.status} end`,
      nextCronAt: on ? subscriptions.expiresAt : null,
      ...(on ? {} : { pendingTier: null, pendingPeriod: null, scheduleRef: null }),
      // Stripe's answer is its newest view: an event created before it (a released schedule's, still renewing) arriving late changes nothing.
      ...(stripeAnsweredAt ? { lastEventAt: sql`greatest(${subscriptions.lastEventAt}, ${stripeAnsweredAt})` } : {}),
    })
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        sql`${subscriptions.status} in ('active', 'canceled', 'past_due')`,
        gt(subscriptions.expiresAt, new Date()),
      ),
    )
    .returning()
  return row ?? null
}

/** The review on the user's own number they hide with coins now (SPEC.md section 3's `comment_id`), or null. */
export async function hiddenCommentOf(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ commentId: commentSubscriptions.commentId })
    .from(commentSubscriptions)
    .where(
      and(
        eq(commentSubscriptions.userId, userId),
        sql`${commentSubscriptions.status} <> 'lapsed'`,
        gt(commentSubscriptions.endsAt, new Date()),
      ),
    )
    .orderBy(desc(commentSubscriptions.endsAt))
    .limit(1)
  return row?.commentId ?? null
}

/** The user's plan tier in force now, or null (free). */
export async function planTierOf(db: Db, userId: number): Promise<'tier1' | 'tier2' | null> {
  const [u] = await db.select({ planTier: users.planTier, planExpiresAt: users.planExpiresAt }).from(users).where(eq(users.id, userId))
  return u ? planInForce(u) : null
}

/** What `npm run payments:report` prints: purchases and refunds since `since`, and the plans in force. */
export async function paymentsReport(db: Db, since: Date) {
  const purchases = await db
    .select({
      id: payments.id,
      paidAt: payments.paidAt,
      provider: payments.provider,
      product: payments.product,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      buyer: users.phone,
      coinsTakenBack: payments.coinsTakenBack,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(gte(payments.paidAt, since)))
    .orderBy(desc(payments.paidAt))
  const refunds = await db
    .select({ at: coinLedger.createdAt, phone: users.phone, coins: coinLedger.delta, ref: coinLedger.ref })
    .from(coinLedger)
    .innerJoin(users, eq(users.id, coinLedger.userId))
    .where(and(eq(coinLedger.reason, 'refund'), gte(coinLedger.createdAt, since)))
    .orderBy(desc(coinLedger.createdAt))
  const plans = await db
    .select({
      phone: users.phone,
      tier: subscriptions.tier,
      period: subscriptions.period,
      provider: subscriptions.provider,
      status: subscriptions.status,
      expiresAt: subscriptions.expiresAt,
      autoRenewing: subscriptions.autoRenewing,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(sql`${subscriptions.status} <> 'expired'`, gt(subscriptions.expiresAt, new Date())))
    .orderBy(subscriptions.expiresAt)
  return { purchases, refunds, plans }
}
