import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import { LIMITS } from '../../../contract/constants'
import type { Db } from '../../db/client'
import { coinLedger, comments, commentSubscriptions, numbers, users } from '../../db/schema'
import { notFound } from '../../errors'
import { balanceOf, notEnoughCoins, spendCoins } from './ledger-repository'

/** Ledger reason of the coin-paid hiding of a review; the ref is `<comment id>:<end of the paid month>`. */
export const HIDE_REASON = 'comment_hide'

/** The same day next month, or the month's last day when it has no such day (31 Jan → 28/29 Feb). */
export function addMonth(d: Date): Date {
  const x = new Date(d)
  const day = x.getUTCDate()
  x.setUTCDate(1)
  x.setUTCMonth(x.getUTCMonth() + 1)
  const last = new Date(Date.UTC(x.getUTCFullYear(), x.getUTCMonth() + 1, 0)).getUTCDate()
  x.setUTCDate(Math.min(day, last))
  return x
}

export interface HideState {
  comment_id: number
  status: 'active' | 'cancelled' | 'lapsed'
  autoRenew: boolean
  hiddenBy: number | null
  endDateTimestamp: number | null
  balance: number
}

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null)

/**
 * Hides a review on the owner's number for a month for LIMITS.hideReviewPrice coins,
 * renewing monthly. While a paid month runs, asking again only turns renewal back on
 * (no second charge). The caller checks that `ownerId` owns the comment's number.
 */
export async function hideComment(db: Db, ownerId: number, commentId: number, now = new Date()): Promise<HideState> {
  return db.transaction(async (tx) => {
    // The comment first, then the balance: the lock order of every coin-spending writer.
    const [c] = await tx
      .select({ id: comments.id, removedAt: comments.removedAt })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for('update')
    if (!c || c.removedAt) throw notFound('No such comment')
    const [sub] = await tx.select().from(commentSubscriptions).where(eq(commentSubscriptions.commentId, commentId))
    if (sub && sub.userId === ownerId && sub.status !== 'lapsed' && sub.endsAt > now) {
      await tx.update(commentSubscriptions).set({ status: 'active', autoRenew: true }).where(eq(commentSubscriptions.id, sub.id))
      await tx.update(comments).set({ hiddenBy: ownerId, hiddenUntil: sub.endsAt }).where(eq(comments.id, commentId))
      return {
        comment_id: commentId,
        status: 'active',
        autoRenew: true,
        hiddenBy: ownerId,
        endDateTimestamp: seconds(sub.endsAt),
        balance: await balanceOf(tx, ownerId),
      }
    }
    const price = LIMITS.hideReviewPrice
    const endsAt = addMonth(now)
    const balance = await spendCoins(tx, ownerId, price, HIDE_REASON, `${commentId}:${endsAt.toISOString()}`)
    if (balance === null) throw notEnoughCoins(price, await balanceOf(tx, ownerId))
    await tx
      .insert(commentSubscriptions)
      .values({ userId: ownerId, commentId, status: 'active', autoRenew: true, endsAt })
      .onConflictDoUpdate({ target: commentSubscriptions.commentId, set: { userId: ownerId, status: 'active', autoRenew: true, endsAt } })
    await tx.update(comments).set({ hiddenBy: ownerId, hiddenUntil: endsAt }).where(eq(comments.id, commentId))
    return { comment_id: commentId, status: 'active', autoRenew: true, hiddenBy: ownerId, endDateTimestamp: seconds(endsAt), balance }
  })
}

/** Stops renewal; the review stays hidden until the paid month ends. */
export async function cancelHide(db: Db, ownerId: number, commentId: number): Promise<HideState> {
  const [sub] = await db
    .update(commentSubscriptions)
    .set({ status: 'cancelled', autoRenew: false })
    .where(
      and(
        eq(commentSubscriptions.commentId, commentId),
        eq(commentSubscriptions.userId, ownerId),
        inArray(commentSubscriptions.status, ['active', 'cancelled']),
      ),
    )
    .returning()
  if (!sub) throw notFound('This review is not hidden by you')
  const [c] = await db.select({ hiddenBy: comments.hiddenBy }).from(comments).where(eq(comments.id, commentId))
  return {
    comment_id: commentId,
    status: 'cancelled',
    autoRenew: false,
    hiddenBy: c?.hiddenBy ?? null,
    endDateTimestamp: seconds(sub.endsAt),
    balance: await balanceOf(db, ownerId),
  }
}

/**
 * Renews the due hidden reviews: charges the owner again for each active,
 * auto-renewing one whose month has ended, and lapses (shows again) those whose
 * owner is short of coins, no longer owns the number or cancelled, or whose review a
 * moderator removed. Run it
 * periodically; running it twice for the same moment charges nothing twice.
 */
export async function renewCommentSubscriptions(db: Db, now = new Date()): Promise<{ renewed: number; lapsed: number; failed: number }> {
  const due = await db
    .select({ id: commentSubscriptions.id })
    .from(commentSubscriptions)
    .where(and(lte(commentSubscriptions.endsAt, now), inArray(commentSubscriptions.status, ['active', 'cancelled'])))
  const result = { renewed: 0, lapsed: 0, failed: 0 }
  for (const { id } of due) {
    try {
      const outcome = await db.transaction(async (tx) => {
        const [sub] = await tx.select().from(commentSubscriptions).where(eq(commentSubscriptions.id, id))
        if (!sub) return 'skip' as const
        const [c] = await tx
          .select({ id: comments.id, e164: numbers.e164, removedAt: comments.removedAt })
          .from(comments)
          .innerJoin(numbers, eq(numbers.id, comments.numberId))
          .where(eq(comments.id, sub.commentId))
          .for('update', { of: comments })
        const [again] = await tx.select().from(commentSubscriptions).where(eq(commentSubscriptions.id, id))
        if (!c || !again || again.endsAt > now || again.status === 'lapsed') return 'skip' as const
        const [owner] = await tx
          .select({ phone: users.phone, deactivatedAt: users.deactivatedAt })
          .from(users)
          .where(eq(users.id, again.userId))
        // A deactivated account is never charged: its hidden reviews lapse (DESIGN.md section 9).
        if (again.status === 'active' && again.autoRenew && owner?.phone === c.e164 && !owner.deactivatedAt && !c.removedAt) {
          let endsAt = addMonth(again.endsAt)
          if (endsAt <= now) endsAt = addMonth(now)
          const balance = await spendCoins(tx, again.userId, LIMITS.hideReviewPrice, HIDE_REASON, `${c.id}:${endsAt.toISOString()}`)
          if (balance !== null) {
            await tx.update(commentSubscriptions).set({ endsAt }).where(eq(commentSubscriptions.id, id))
            await tx.update(comments).set({ hiddenBy: again.userId, hiddenUntil: endsAt }).where(eq(comments.id, c.id))
            return 'renewed' as const
          }
        }
        await tx.update(commentSubscriptions).set({ status: 'lapsed', autoRenew: false }).where(eq(commentSubscriptions.id, id))
        await tx.update(comments).set({ hiddenBy: null, hiddenUntil: null }).where(eq(comments.id, c.id))
        return 'lapsed' as const
      })
      if (outcome !== 'skip') result[outcome]++
    } catch {
      result.failed++
    }
  }
  return result
}

/** One page of the user's coin ledger, newest first, and how many rows it has. */
export async function ledgerPage(db: Db, userId: number, limit: number, offset: number) {
  const mine = eq(coinLedger.userId, userId)
  const [items, [{ total }]] = await Promise.all([
    db.select().from(coinLedger).where(mine).orderBy(desc(coinLedger.createdAt), desc(coinLedger.id)).limit(limit).offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(coinLedger)
      .where(mine),
  ])
  return { items, total }
}
