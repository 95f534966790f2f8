import crypto from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { LIMITS } from '../../../contract/constants'
import type { Role } from '../../../contract/constants'
import type { Db } from '../../db/client'
import { sessions, users } from '../../db/schema'
import type { TokenClaims, TokenService } from './tokens'

/** The user of a token's session while it is live (not revoked, not expired, user active); null otherwise. */
export async function sessionUser(db: Db, claims: TokenClaims): Promise<{ id: number; phone: string; role: Role } | null> {
  const [row] = await db
    .select({ id: users.id, phone: users.phone, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        isNull(users.deactivatedAt),
      ),
    )
    .limit(1)
  return row ?? null
}

/** A new session of the user on a device, and its token. */
export async function openSession(db: Db, tokens: TokenService, userId: number, deviceId: string): Promise<string> {
  const sessionId = crypto.randomUUID()
  await db.insert(sessions).values({ id: sessionId, userId, deviceId, expiresAt: new Date(Date.now() + LIMITS.tokenTtlSeconds * 1000) })
  return tokens.sign({ userId, sessionId })
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId))
}
