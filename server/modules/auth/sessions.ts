import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Role } from '../../../contract/constants'
import type { Db } from '../../db/client'
import { sessions, users } from '../../db/schema'
import type { TokenClaims } from './tokens'

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
