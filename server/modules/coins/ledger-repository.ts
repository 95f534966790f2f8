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

/**
 * Changes a balance by `delta` with its ledger row, once per (reason, ref): false (and no
 * change) when that ref was applied already, also by a concurrent transaction (the unique
 * (reason, ref) index makes the second insert wait and then do nothing). The caller keeps a
 * negative delta within the balance (a check constraint stops it anyway).
 */
export async function applyOnce(db: Db, userId: number, delta: number, reason: string, ref: string): Promise<boolean> {
  if (delta === 0) return false
  const [row] = await db
    .insert(coinLedger)
    .values({ userId, delta, balanceAfter: 0, reason, ref })
    .onConflictDoNothing()
    .returning({ id: coinLedger.id })
  if (!row) return false
  const [u] = await db
    .update(users)
    .set({ balance: sql`${users.balance} + ${delta}` })
    .where(eq(users.id, userId))
    .returning({ balance: users.balance })
  await db.update(coinLedger).set({ balanceAfter: u.balance }).where(eq(coinLedger.id, row.id))
  return true
}

/** A user's coin balance now (0 for an unknown user). */
export async function balanceOf(db: Db, userId: number): Promise<number> {
  const [u] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId))
  return u?.balance ?? 0
}

/** Refusals for a short coin balance: HTTP 402 with a message the user can act on. */
export const notEnoughCoins = (needed: number, balance: number | null) =>
  insufficientCoins(`Not enough coins: this costs ${needed} and your balance is ${balance ?? 0}. Top up your balance and try again.`)
