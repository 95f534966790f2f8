import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { idempotencyKeys } from '../../db/schema'

/** How long a key's answer is kept and replayed (issue 11). */
export const KEY_TTL_HOURS = 24
/** A first attempt still pending after this long died mid-way (a crash): it is not replayed, and not run again. */
export const PENDING_ABANDONED_MS = 2 * 60_000

export type KeyClaim =
  { kind: 'claimed' } | { kind: 'replay'; statusCode: number; response: string } | { kind: 'mismatch' } | { kind: 'pending'; since: Date }

/**
 * Claims `key` for this request, or says what happened to the first request with it.
 * The primary key decides between simultaneous requests: exactly one claims.
 */
export async function claimKey(db: Db, userId: number, key: string, requestHash: string): Promise<KeyClaim> {
  // Keys expire after a day; a user's expired keys go when that user sends a new one.
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEY_TTL_HOURS})`)))
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  if (claimed.length) return { kind: 'claimed' }
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  // Gone between the insert and the select (the first attempt failed and released it): claim again.
  if (!row) return claimKey(db, userId, key, requestHash)
  if (row.requestHash !== requestHash) return { kind: 'mismatch' }
  if (row.state === 'done') return { kind: 'replay', statusCode: row.statusCode!, response: row.response! }
  return { kind: 'pending', since: row.createdAt }
}

export async function completeKey(db: Db, userId: number, key: string, statusCode: number, response: string): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', statusCode, response })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
}

/** The first attempt failed on our side (5xx): the key is free for a retry. */
export async function releaseKey(db: Db, userId: number, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'pending')))
}
