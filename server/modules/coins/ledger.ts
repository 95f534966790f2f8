import { and, eq, gte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { coinLedger, users } from '../../db/schema'
import { insufficientCoins } from '../../errors'

/**
 * Spends coins: one conditional UPDATE, so concurrent spends can never take the
 * balance below zero, and a ledger row in the same transaction. False when short.
 */
export async function spendCoins(db: Db, userId: number, amount: number, reason: string, ref?: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ balance: sql`${users.balance} - ${amount}` })
      .where(and(eq(users.id, userId), gte(users.balance, amount)))
      .returning({ balance: users.balance })
    if (!row) return null
    await tx.insert(coinLedger).values({ userId, delta: -amount, balanceAfter: row.balance, reason, ref })
    return row.balance
  })
}

export async function grantCoins(db: Db, userId: number, amount: number, reason: string, ref?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ balance: sql`${users.balance} + ${amount}` })
      .where(eq(users.id, userId))
      .returning({ balance: users.balance })
    await tx.insert(coinLedger).values({ userId, delta: amount, balanceAfter: row.balance, reason, ref })
    return row.balance
  })
}

/** A user's coin balance now (0 for an unknown user). */
export async function balanceOf(db: Db, userId: number): Promise<number> {
  const [u] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId))
  return u?.balance ?? 0
}

/** Refusals for a short coin balance: HTTP 402 with a message the user can act on. */
export const notEnoughCoins = (needed: number, balance: number | null) =>
  insufficientCoins(`Not enough coins: this costs ${needed} and your balance is ${balance ?? 0}. Top up your balance and try again.`)
