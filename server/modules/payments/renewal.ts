import type { Db } from '../../db/client'
import { conflict } from '../../errors'
import type { PaymentsContext } from './context'
import { syncUserPlan } from './fulfilment-repository'
import { currentSubscription, setAutoRenewing, toActiveSubscription } from './repository'

type PlanRow = NonNullable<Awaited<ReturnType<typeof currentSubscription>>['row']>

/**
 * Turns a plan's renewal on or off: Stripe first (cancel at the period's end, or not), then
 * the plan's row and the user's entitlements. Stripe confirms with customer.subscription.updated;
 * the state shows the change at once.
 */
export async function applyRenewal(db: Db, stripe: PaymentsContext['stripe'], row: PlanRow, on: boolean): Promise<void> {
  let stripeAnsweredAt: Date | undefined
  if (row.provider === 'stripe') {
    if (!stripe || !row.providerRef) throw conflict('Stripe is not configured on this server; change the plan in the billing portal')
    await stripe.gateway.setCancelAtPeriodEnd(row.providerRef, !on)
    stripeAnsweredAt = new Date()
  }
  await setAutoRenewing(db, row.id, on, stripeAnsweredAt)
  await syncUserPlan(db, row.userId)
}

/**
 * Before an account is deactivated: its plan stops renewing, so nobody is charged for an
 * account they closed (DESIGN.md section 9). The plan holds until its period ends; signing
 * in again within 30 days, the user can resume it like any cancelled plan. Throws (and the
 * deactivation does not happen) when Stripe cannot be told.
 */
export async function stopRenewalOfClosingAccount(db: Db, stripe: PaymentsContext['stripe'], userId: number): Promise<void> {
  const { row } = await currentSubscription(db, userId)
  if (!row || !row.autoRenewing || row.provider === 'gift' || toActiveSubscription(row).status === 'expired') return
  await applyRenewal(db, stripe, row, false)
}
