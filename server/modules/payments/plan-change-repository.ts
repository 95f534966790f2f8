import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { planChangeKind, planOf, PLAN_PRODUCTS, type Period, type PlanProduct, type Tier } from '../../../contract/api/payments'
import type { Db } from '../../db/client'
import { payments, subscriptions } from '../../db/schema'
import { AppError, conflict } from '../../errors'
import { ERROR_CODES } from '../../../contract/errors'
import type { PaymentsContext } from './context'
import { addPeriod, grantPlan, lockPlanOwner, syncUserPlan } from './fulfilment-repository'
import { currentSubscription, inForce, toActiveSubscription } from './repository'

/**
 * One plan at a time (ADR 0053): a subscriber changes plans, never buys a second one. An
 * upgrade holds at once (Stripe charges the prorated difference now); a downgrade waits for
 * the period's end, when the plan renews as the new one.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Refuses a checkout of a plan for oneself while a plan is in force, or while one bought is
 * still being set up (Stripe's subscription linked, its first invoice not yet paid).
 */
export async function refuseSecondPlan(tx: Tx, userId: number): Promise<void> {
  const { row } = await currentSubscription(tx as unknown as Db, userId)
  if (inForce(row)) {
    const until = row.expiresAt!.toISOString().slice(0, 10)
    throw conflict(
      row.provider === 'gift'
        ? `You have a gifted plan until ${until}; buy a plan of your own after it ends`
        : `You already have a plan (${row.tier}, until ${until}); change it with Upgrade or Downgrade instead of buying a second one`,
    )
  }
  const [arriving] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, userId), isNull(subscriptions.expiresAt), sql`${subscriptions.status} not in ('expired', 'refunded')`),
    )
    .limit(1)
  if (arriving) throw conflict('Your plan is paid and on its way; it shows here in a few seconds')
}

/**
 * Open checkouts of a plan for oneself: each is ended (Stripe's session expired, so it can never
 * be paid) and marked `expired`, so that only the newest checkout can become a plan. A session
 * that was paid meanwhile cannot be ended: then the new checkout is refused.
 */
export async function endOpenPlanCheckouts(tx: Tx, ctx: PaymentsContext, userId: number): Promise<void> {
  const open = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.status, 'pending'),
        isNull(payments.giftNumber),
        inArray(payments.product, [...PLAN_PRODUCTS]),
      ),
    )
  for (const p of open) {
    if (p.provider === 'stripe' && p.providerRef) {
      if (!ctx.stripe) throw conflict('An earlier checkout of a plan is open at Stripe, which is not configured here now')
      const ended = await ctx.stripe.gateway.expireCheckoutSession(p.providerRef).catch(() => {
        throw new AppError(
          503,
          ERROR_CODES.PROVIDER_DISABLED,
          'The payment provider did not answer; nothing was charged. Try again in a moment.',
        )
      })
      if (!ended) throw conflict('Your earlier checkout of a plan was paid; the plan shows here in a few seconds')
    }
    await tx
      .update(payments)
      .set({ status: 'expired' })
      .where(and(eq(payments.id, p.id), eq(payments.status, 'pending')))
  }
}

/** Whether a plan bought is on its way: a checkout of a plan open, or Stripe's subscription linked and its first invoice not yet paid. */
export async function planArriving(db: Db, userId: number, windowSeconds: number): Promise<boolean> {
  const since = new Date(Date.now() - windowSeconds * 1000)
  const [open] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.status, 'pending'),
        isNull(payments.giftNumber),
        inArray(payments.product, [...PLAN_PRODUCTS]),
        gt(payments.createdAt, since),
      ),
    )
    .limit(1)
  if (open) return true
  const [linked] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, userId), isNull(subscriptions.expiresAt), sql`${subscriptions.status} not in ('expired', 'refunded')`),
    )
    .limit(1)
  return Boolean(linked)
}

export type ChangeKind = 'upgrade' | 'downgrade' | 'kept'

/**
 * Changes the plan in force of `userId` to `product` (POST /api/v6/subscription/change), under
 * the person's plan lock. Stripe is told first; the plan's row follows, and Stripe's events
 * (customer.subscription.updated, the prorated invoice.paid) confirm it.
 */
export async function changePlan(db: Db, ctx: PaymentsContext, userId: number, product: PlanProduct): Promise<ChangeKind> {
  const to = planOf(product)
  return db.transaction(async (tx) => {
    await lockPlanOwner(tx, userId)
    const { row } = await currentSubscription(tx as unknown as Db, userId)
    if (!inForce(row)) throw conflict('You have no plan in force to change; buy one instead')
    // The plan's row too, before Stripe is called: its events (which lock this row, then the user's) wait for this change.
    await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, row.id)).for('update')
    if (row.provider === 'gift') throw conflict('A gifted plan cannot be changed; buy a plan of your own after it ends')
    if (!row.autoRenewing) throw conflict('Your plan is set to end at the end of its period; resume it first, then change it')
    if (toActiveSubscription(row).status === 'past_due')
      throw conflict('Your last payment failed; update your card in the billing portal before changing the plan')
    const from = { tier: row.tier as Tier, period: row.period as Period }
    const pending = row.pendingTier && row.pendingPeriod ? { tier: row.pendingTier as Tier, period: row.pendingPeriod as Period } : null

    if (from.tier === to.tier && from.period === to.period) {
      if (!pending) throw conflict('This is your plan already')
      // Keeping the current plan: the pending downgrade is withdrawn.
      if (row.provider === 'stripe' && row.scheduleRef) await stripeOf(ctx).gateway.releaseSchedule(row.scheduleRef).catch(providerDown)
      await tx.update(subscriptions).set({ pendingTier: null, pendingPeriod: null, scheduleRef: null }).where(eq(subscriptions.id, row.id))
      return 'kept'
    }
    if (pending && pending.tier === to.tier && pending.period === to.period)
      throw conflict('Your plan already changes to this one at the end of its period')

    const kind = planChangeKind(from, to)
    const price = row.provider === 'stripe' ? stripeOf(ctx).prices[product] : null
    if (row.provider === 'stripe' && !price) throw new AppError(400, ERROR_CODES.VALIDATION, `${product} is not sold through Stripe here`)
    // Stripe merges metadata: product names the plan from now on, the checkout's other keys stay.
    const metadata = { product }

    if (kind === 'upgrade') {
      let periodEnd = row.expiresAt!
      if (row.provider === 'stripe') {
        await stripeOf(ctx).gateway.upgrade(row.providerRef!, { price: price!, interval: to.period, metadata }).catch(providerDown)
        // Another billing interval starts a new period now (Stripe resets the billing anchor).
        if (to.period !== from.period) periodEnd = addPeriod(new Date(), to.period)
      } else if (to.period !== from.period) {
        periodEnd = addPeriod(new Date(), to.period)
      }
      await tx
        .update(subscriptions)
        .set({ tier: to.tier, period: to.period, pendingTier: null, pendingPeriod: null, scheduleRef: null })
        .where(eq(subscriptions.id, row.id))
      // The development provider plays Stripe's prorated invoice: the upgrade is its own paid period.
      await grantPlan(tx, {
        userId,
        tier: to.tier,
        period: to.period,
        provider: row.provider as 'stripe' | 'dev',
        providerRef: row.providerRef!,
        periodEnd,
        autoRenewing: true,
        coins: row.provider === 'dev' ? ctx.catalogue.coinsPerPeriod(to.tier) : 0,
        coinsRef: `${row.providerRef}:upgrade:${to.tier}:${periodEnd.toISOString()}`,
      })
      await syncUserPlan(tx, userId)
      return 'upgrade'
    }

    let scheduleRef: string | null = null
    if (row.provider === 'stripe') {
      scheduleRef = await stripeOf(ctx)
        .gateway.scheduleDowngrade(row.providerRef!, { price: price!, interval: to.period, metadata })
        .catch(providerDown)
    }
    await tx.update(subscriptions).set({ pendingTier: to.tier, pendingPeriod: to.period, scheduleRef }).where(eq(subscriptions.id, row.id))
    return 'downgrade'
  })
}

function stripeOf(ctx: PaymentsContext) {
  if (!ctx.stripe) throw conflict('Stripe is not configured on this server; change the plan in the billing portal')
  return ctx.stripe
}

function providerDown(err: unknown): never {
  if ((err as { type?: string }).type === 'StripeCardError')
    throw conflict('Your card was declined for the difference; your plan is unchanged')
  throw new AppError(
    503,
    ERROR_CODES.PROVIDER_DISABLED,
    'The payment provider did not take the change; your plan is unchanged. Try again in a moment.',
  )
}
