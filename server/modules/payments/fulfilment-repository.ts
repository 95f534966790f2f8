import { and, eq, sql } from 'drizzle-orm'
import { isPlanProduct, planOf, type Period, type Tier } from '../../../contract/api/payments'
import type { Db } from '../../db/client'
import { coinLedger, payments, subscriptions, users, webhookEvents } from '../../db/schema'
import { applyOnce } from '../coins/ledger-repository'

/**
 * Fulfilment (DESIGN.md section 8): the one place where money turns into coins and
 * plans, used by the Stripe webhook, the development provider and the expiry job.
 *
 * Every effect runs in one transaction with the record that it happened: the
 * provider's event id in `webhook_events`, and a ledger row whose (reason, ref) is
 * unique. An event delivered twice, or twenty times at once, finds its id taken and
 * changes nothing; events arriving out of order are ordered by their creation time
 * (subscription state) or only ever move a period's end forward (renewals).
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type Outcome = 'applied' | 'duplicate' | 'ignored'

export interface ProviderEvent {
  provider: 'stripe' | 'dev'
  id: string
}

/** Runs `fn` once per event id: in the transaction that records the id, or not at all. */
export async function onceForEvent(db: Db, event: ProviderEvent, fn: (tx: Tx) => Promise<Outcome>): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(webhookEvents)
      .values({ provider: `payment:${event.provider}`, eventId: event.id })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.eventId })
    if (!fresh.length) return 'duplicate'
    return fn(tx)
  })
}

/** Marks a pending payment paid; the payment row, or null when it was not pending (paid already, or unknown). */
export async function markPaymentPaid(tx: Tx, paymentId: number, intentRef: string | null) {
  const [p] = await tx
    .update(payments)
    .set({ status: 'paid', paidAt: new Date(), ...(intentRef ? { intentRef } : {}) })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning()
  return p ?? null
}

/** A coin pack paid: its coins credited to the buyer (a pack is never a gift), once. */
export async function fulfilPack(tx: Tx, paymentId: number, intentRef: string | null): Promise<Outcome> {
  const p = await markPaymentPaid(tx, paymentId, intentRef)
  if (!p) return 'ignored'
  await applyOnce(tx, p.beneficiaryId ?? p.userId, p.coins, 'purchase', `payment:${p.id}`)
  return 'applied'
}

/**
 * The account of a gifted number, created when the gift is paid if it has none; its owner
 * finds the plan on sign-in. Not "Owner verified" until they do (numbers/page-repository.ts).
 */
export async function accountForNumber(tx: Tx, phone: string): Promise<number> {
  await tx.insert(users).values({ phone }).onConflictDoNothing({ target: users.phone })
  const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone))
  return u.id
}

/**
 * Serialises the plan and money decisions of one person (checkouts, plan changes, the
 * provider's events, renewals, refunds) across requests and servers, and answers whether the
 * person exists. Every such transaction takes this lock before the plan's or the payment's
 * row: an event about a plan that came while its owner changed the plan had taken the plan's
 * row, then waited for the owner's, which the change held while it waited for the plan's;
 * PostgreSQL broke the deadlock after a second by failing one of them.
 */
export async function lockPlanOwner(tx: Tx, userId: number): Promise<boolean> {
  const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
  return Boolean(u)
}

/** The end of a period that starts at `from`: a calendar month or year later. */
export function addPeriod(from: Date, period: Period): Date {
  const end = new Date(from)
  if (period === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1)
  else end.setUTCMonth(end.getUTCMonth() + 1)
  return end
}

/** Links a provider's subscription to its user before any period is paid (no entitlement yet). */
export async function ensureSubscription(
  tx: Tx,
  s: { userId: number; tier: Tier; period: Period; providerRef: string; customerRef: string | null },
): Promise<void> {
  await tx
    .insert(subscriptions)
    .values({
      userId: s.userId,
      tier: s.tier,
      period: s.period,
      provider: 'stripe',
      providerRef: s.providerRef,
      customerRef: s.customerRef,
      status: 'active',
    })
    .onConflictDoUpdate({
      target: [subscriptions.provider, subscriptions.providerRef],
      set: { customerRef: sql`coalesce(${subscriptions.customerRef}, excluded.customer_ref)` },
    })
}

/**
 * A plan paid once (a development purchase, or a gift through any provider): one period
 * from now for the beneficiary; a gift does not renew, a development plan renews until
 * cancelled (the expiry job plays its provider).
 */
export async function fulfilPlanPayment(
  tx: Tx,
  paymentId: number,
  intentRef: string | null,
  coinsPerPeriod: (tier: Tier) => number,
): Promise<Outcome> {
  const paid = await markPaymentPaid(tx, paymentId, intentRef)
  if (!paid || !isPlanProduct(paid.product)) return 'ignored'
  const { tier, period } = planOf(paid.product)
  const gift = paid.giftNumber !== null
  // Only now, paid, does a gift touch its number: the account is created (or found) here.
  let beneficiaryId = paid.beneficiaryId ?? paid.userId
  if (gift) {
    beneficiaryId = await accountForNumber(tx, paid.giftNumber!)
    await tx.update(payments).set({ beneficiaryId }).where(eq(payments.id, paid.id))
  }
  const providerRef = `${gift ? 'gift' : paid.provider}:${paid.id}`
  await grantPlan(tx, {
    userId: beneficiaryId,
    tier,
    period,
    provider: gift ? 'gift' : paid.provider,
    providerRef,
    periodEnd: addPeriod(new Date(), period),
    autoRenewing: !gift,
    coins: coinsPerPeriod(tier),
    coinsRef: `${providerRef}:first`,
  })
  return 'applied'
}

export interface PlanGrant {
  userId: number
  tier: Tier
  period: Period
  provider: 'stripe' | 'dev' | 'gift'
  /** The provider's subscription id; for a gift or a dev plan, our own. */
  providerRef: string
  customerRef?: string | null
  /** End of the paid period now granted. */
  periodEnd: Date
  autoRenewing: boolean
  /** Coins that come with the period (tier2), credited once per `coinsRef`. */
  coins: number
  coinsRef: string
}

/**
 * Grants or renews a plan up to `periodEnd`: the subscription row is created or its
 * end moved forward (never back), and the user's plan follows. Coins of the period
 * are credited once per `coinsRef` (the invoice, or the dev period).
 */
export async function grantPlan(tx: Tx, g: PlanGrant): Promise<void> {
  await lockPlanOwner(tx, g.userId)
  const [sub] = await tx
    .insert(subscriptions)
    .values({
      userId: g.userId,
      tier: g.tier,
      period: g.period,
      provider: g.provider,
      providerRef: g.providerRef,
      customerRef: g.customerRef ?? null,
      status: 'active',
      autoRenewing: g.autoRenewing,
      expiresAt: g.periodEnd,
      nextCronAt: g.autoRenewing ? g.periodEnd : null,
    })
    .onConflictDoUpdate({
      target: [subscriptions.provider, subscriptions.providerRef],
      set: {
        expiresAt: sql`greatest(${subscriptions.expiresAt}, excluded.expires_at)`,
        nextCronAt: sql`case when ${subscriptions.autoRenewing} then greatest(${subscriptions.expiresAt}, excluded.expires_at) else null end`,
        customerRef: sql`coalesce(excluded.customer_ref, ${subscriptions.customerRef})`,
        // The plan paid for now: an upgrade's prorated invoice (same period end) or a new period, maybe a downgrade's (ADR 0053).
        tier: sql`case when ${subscriptions.expiresAt} is null or excluded.expires_at >= ${subscriptions.expiresAt} then excluded.tier else ${subscriptions.tier} end`,
        period: sql`case when ${subscriptions.expiresAt} is null or excluded.expires_at >= ${subscriptions.expiresAt} then excluded.period else ${subscriptions.period} end`,
        pendingTier: sql`case when ${subscriptions.expiresAt} is null or excluded.expires_at > ${subscriptions.expiresAt} then null else ${subscriptions.pendingTier} end`,
        pendingPeriod: sql`case when ${subscriptions.expiresAt} is null or excluded.expires_at > ${subscriptions.expiresAt} then null else ${subscriptions.pendingPeriod} end`,
        scheduleRef: sql`case when ${subscriptions.expiresAt} is null or excluded.expires_at > ${subscriptions.expiresAt} then null else ${subscriptions.scheduleRef} end`,
        // A renewal paid after the period lapsed makes the plan active again; a deleted one stays ended.
        // A refunded period stays taken back; a new period paid after it makes the plan active again.
        status: sql`case when ${subscriptions.status} in ('active', 'past_due', 'expired', 'refunded') then 'active' else ${subscriptions.status} end`,
      },
    })
    .returning()
  await syncUserPlan(tx, sub.userId)
  if (sub.status === 'active' && g.coins > 0) await applyOnce(tx, g.userId, g.coins, 'plan_coins', g.coinsRef)
}

/**
 * The user's plan columns follow their subscriptions: the best tier among those still
 * in a paid period, and the latest end of that tier. Entitlements read these columns
 * and compare the end with the clock, so a lapsed plan gives nothing even before the
 * expiry job tidies its status.
 */
export async function syncUserPlan(tx: Tx | Db, userId: number, now: Date = new Date()): Promise<void> {
  await tx.execute(sql`
    update ${users} u set plan_tier = best.tier, plan_expires_at = best.expires_at
    from (select ${userId}::int as user_id) me
    left join lateral (
      select s.tier, s.expires_at from ${subscriptions} s
      where s.user_id = me.user_id and s.status <> 'expired' and s.expires_at is not null
      order by (s.expires_at > ${now.toISOString()}::timestamptz) desc, s.tier desc, s.expires_at desc
      limit 1
    ) best on true
    where u.id = me.user_id`)
}

export interface SubscriptionSnapshot {
  providerRef: string
  /** When the provider created the event: an older snapshot than the last applied one is skipped. */
  eventAt: Date
  status: 'active' | 'past_due' | 'canceled' | 'expired'
  autoRenewing: boolean
  periodEnd: Date | null
  /** The subscription is over now (deleted): entitlements end at this moment. */
  endedAt?: Date | null
  /** The plan the provider now bills (after an upgrade, or when a downgrade's period begins). */
  plan?: { tier: Tier; period: Period }
}

/** Applies the provider's view of a subscription (updated or deleted), unless a newer one was applied already. */
export async function applySubscriptionState(tx: Tx, s: SubscriptionSnapshot): Promise<Outcome> {
  // A refunded period stays taken back: Stripe's view of the subscription does not give it again (only a paid invoice does).
  const refunded = sql`${subscriptions.status} = 'refunded'`
  const [sub] = await tx
    .update(subscriptions)
    .set({
      status: s.endedAt ? s.status : sql`case when ${refunded} then 'refunded' else ${s.status} end`,
      autoRenewing: s.autoRenewing ? sql`not ${refunded}` : false,
      lastEventAt: s.eventAt,
      ...(s.plan && !s.endedAt ? { tier: s.plan.tier, period: s.plan.period } : {}),
      // A new period has begun: a downgrade that waited for it is done.
      ...(s.periodEnd && !s.endedAt
        ? {
            pendingTier: sql`case when ${subscriptions.expiresAt} is null or ${subscriptions.expiresAt} < ${s.periodEnd} then null else ${subscriptions.pendingTier} end`,
            pendingPeriod: sql`case when ${subscriptions.expiresAt} is null or ${subscriptions.expiresAt} < ${s.periodEnd} then null else ${subscriptions.pendingPeriod} end`,
            scheduleRef: sql`case when ${subscriptions.expiresAt} is null or ${subscriptions.expiresAt} < ${s.periodEnd} then null else ${subscriptions.scheduleRef} end`,
          }
        : {}),
      ...(s.endedAt
        ? { expiresAt: sql`least(coalesce(${subscriptions.expiresAt}, ${s.endedAt}), ${s.endedAt})`, nextCronAt: null }
        : s.periodEnd
          ? {
              expiresAt: sql`case when ${refunded} then ${subscriptions.expiresAt} else greatest(coalesce(${subscriptions.expiresAt}, ${s.periodEnd}), ${s.periodEnd}) end`,
              nextCronAt: s.autoRenewing
                ? sql`case when ${refunded} then null else greatest(coalesce(${subscriptions.expiresAt}, ${s.periodEnd}), ${s.periodEnd}) end`
                : null,
            }
          : { nextCronAt: s.autoRenewing ? sql`case when ${refunded} then null else ${subscriptions.expiresAt} end` : null }),
    })
    .where(
      and(
        eq(subscriptions.provider, 'stripe'),
        eq(subscriptions.providerRef, s.providerRef),
        // Events come out of order: only a newer view than the last one applied changes anything.
        sql`(${subscriptions.lastEventAt} is null or ${subscriptions.lastEventAt} <= ${s.eventAt})`,
      ),
    )
    .returning({ userId: subscriptions.userId })
  if (!sub) return 'ignored'
  await syncUserPlan(tx, sub.userId)
  return 'applied'
}

/**
 * A refund of a pack or of a gifted plan (a one-time payment): takes back the refunded
 * share of its coins, less what was taken back before, but never more than the balance
 * holds (spent coins stay spent). A gifted plan refunded in full loses its period now.
 */
export async function refundPayment(
  tx: Tx,
  intentRef: string,
  refundedFraction: number,
  refundRef: string,
  coinsPerPeriod: (tier: Tier) => number,
  now: Date = new Date(),
): Promise<Outcome> {
  const [p] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'stripe'), eq(payments.intentRef, intentRef)))
    .for('update')
  if (!p || p.status === 'pending') return 'ignored'
  const plan = isPlanProduct(p.product) ? planOf(p.product) : null
  const coins = plan ? coinsPerPeriod(plan.tier) : p.coins
  const owed = Math.max(0, Math.round(coins * Math.min(1, refundedFraction)) - p.coinsTakenBack)
  const beneficiaryId = p.beneficiaryId ?? p.userId
  const [u] = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, beneficiaryId)).for('update')
  const take = Math.min(owed, u?.balance ?? 0)
  if (take > 0 && !(await applyOnce(tx, beneficiaryId, -take, 'refund', refundRef))) return 'duplicate'
  // What could not be taken back (already spent) is not owed later: the payment is settled.
  await tx
    .update(payments)
    .set({ coinsTakenBack: p.coinsTakenBack + owed, status: refundedFraction >= 1 ? 'refunded' : p.status })
    .where(eq(payments.id, p.id))
  if (plan && refundedFraction >= 1)
    await takeBackPeriod(tx, p.giftNumber !== null ? 'gift' : p.provider, `${p.giftNumber !== null ? 'gift' : p.provider}:${p.id}`, now)
  return 'applied'
}

/**
 * A refund of a subscription's charge (its invoice's payment; the charge names the
 * customer): the refunded share of the period's coins is taken back (never below zero,
 * less what earlier refunds of the same charge took), and a full refund ends the period
 * now. Told again, the plan is already refunded and nothing more is taken.
 */
export async function refundSubscriptionCharge(
  tx: Tx,
  customerRef: string,
  chargeId: string,
  refundedFraction: number,
  coinsPerPeriod: (tier: Tier) => number,
  now: Date = new Date(),
): Promise<Outcome> {
  // The owner's row before the plan's, as every plan decision takes them (lockPlanOwner); a customer is one person's.
  const [owner] = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, 'stripe'), eq(subscriptions.customerRef, customerRef)))
    .limit(1)
  if (!owner) return 'ignored'
  await lockPlanOwner(tx, owner.userId)
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'stripe'),
        eq(subscriptions.customerRef, customerRef),
        sql`${subscriptions.status} not in ('expired', 'refunded')`,
      ),
    )
    .orderBy(sql`${subscriptions.expiresAt} desc nulls last`)
    .limit(1)
    .for('update')
  if (!sub) return 'ignored'
  const [u] = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, sub.userId)).for('update')
  const [before] = await tx
    .select({ taken: sql<number>`coalesce(sum(-${coinLedger.delta}), 0)::int` })
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, sub.userId), eq(coinLedger.reason, 'refund'), sql`${coinLedger.ref} like ${`refund:${chargeId}:%`}`))
  const owed = Math.max(0, Math.round(coinsPerPeriod(sub.tier as Tier) * Math.min(1, refundedFraction)) - Number(before?.taken ?? 0))
  const take = Math.min(owed, u?.balance ?? 0)
  if (take > 0 && !(await applyOnce(tx, sub.userId, -take, 'refund', `refund:${chargeId}:${Math.round(refundedFraction * 1e6)}`)))
    return 'duplicate'
  if (refundedFraction >= 1) await takeBackPeriod(tx, 'stripe', sub.providerRef!, now)
  return 'applied'
}

/** A plan's paid period taken back by a refund: it ends now, does not renew, and the user's plan follows. */
async function takeBackPeriod(tx: Tx, provider: string, providerRef: string, now: Date): Promise<void> {
  const [sub] = await tx
    .update(subscriptions)
    .set({
      status: 'refunded',
      autoRenewing: false,
      nextCronAt: null,
      expiresAt: sql`least(coalesce(${subscriptions.expiresAt}, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerRef, providerRef)))
    .returning({ userId: subscriptions.userId })
  if (sub) await syncUserPlan(tx, sub.userId, now)
}

/**
 * The expiry job's work (DESIGN.md section 8): development plans that renew get their
 * next period (their "payment" is the development provider's), and every other plan
 * whose paid period has ended is marked expired, its user's plan following. A Stripe
 * renewal paid late (invoice.paid) makes the plan active again.
 */
export async function expireLapsedPlans(
  db: Db,
  coinsPerPeriod: (tier: Tier) => number,
  now: Date = new Date(),
): Promise<{ renewed: number; expired: number }> {
  const due = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'dev'),
        eq(subscriptions.autoRenewing, true),
        eq(subscriptions.status, 'active'),
        sql`${subscriptions.expiresAt} <= ${now.toISOString()}::timestamptz`,
        // A deactivated account is never charged again: its plan expires (DESIGN.md section 9).
        sql`not exists (select 1 from ${users} where ${users.id} = ${subscriptions.userId} and ${users.deactivatedAt} is not null)`,
      ),
    )
  for (const sub of due) {
    // A downgrade waiting for this renewal: the new period is the new plan's (ADR 0053).
    const tier = (sub.pendingTier ?? sub.tier) as Tier
    const period = (sub.pendingPeriod ?? sub.period) as Period
    const periodEnd = addPeriod(sub.expiresAt!, period)
    await db.transaction((tx) =>
      grantPlan(tx, {
        userId: sub.userId,
        tier,
        period,
        provider: 'dev',
        providerRef: sub.providerRef!,
        periodEnd,
        autoRenewing: true,
        coins: coinsPerPeriod(tier),
        coinsRef: `${sub.providerRef}:${periodEnd.toISOString()}`,
      }),
    )
  }
  const lapsed = await db
    .update(subscriptions)
    .set({ status: 'expired', autoRenewing: false, nextCronAt: null })
    // A refunded plan keeps its status: Stripe's later view of the subscription must not give the period back.
    .where(
      and(
        sql`${subscriptions.status} not in ('expired', 'refunded')`,
        sql`${subscriptions.expiresAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ userId: subscriptions.userId })
  for (const userId of new Set(lapsed.map((l) => l.userId))) await syncUserPlan(db, userId, now)
  return { renewed: due.length, expired: lapsed.length }
}
