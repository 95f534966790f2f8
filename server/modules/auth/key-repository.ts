import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { oneTimeKeys, users } from '../../db/schema'

/** One-time keys: stored at issue, used once before they expire. */
export async function storeKey(db: Db, jti: string, userId: number, expiresAt: Date): Promise<void> {
  await db.insert(oneTimeKeys).values({ jti, userId, expiresAt })
}

/**
 * The user of an unused, unexpired one-time key and their number, without using it: the web app
 * asks whose a key is before it switches a browser signed in as someone else (issue 29).
 */
export async function peekKey(db: Db, jti: string): Promise<{ userId: number; phone: string } | null> {
  const [row] = await db
    .select({ userId: oneTimeKeys.userId, phone: users.phone })
    .from(oneTimeKeys)
    .innerJoin(users, eq(users.id, oneTimeKeys.userId))
    .where(and(eq(oneTimeKeys.jti, jti), isNull(oneTimeKeys.usedAt), gt(oneTimeKeys.expiresAt, new Date()), isNull(users.deactivatedAt)))
  return row ?? null
}

/**
 * Voids every unused one-time key of the user (marked used): a key dies with the user's
 * sessions, at sign-out, deactivation and deleting the privacy data (issue 29).
 */
export async function voidKeys(db: Db, userId: number, now = new Date()): Promise<void> {
  await db
    .update(oneTimeKeys)
    .set({ usedAt: now })
    .where(and(eq(oneTimeKeys.userId, userId), isNull(oneTimeKeys.usedAt)))
}

export async function useKey(db: Db, jti: string): Promise<number | null> {
  const [row] = await db
    .update(oneTimeKeys)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeKeys.jti, jti), isNull(oneTimeKeys.usedAt), gt(oneTimeKeys.expiresAt, new Date())))
    .returning({ userId: oneTimeKeys.userId })
  return row?.userId ?? null
}
