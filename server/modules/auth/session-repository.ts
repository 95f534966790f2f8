import crypto from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { LIMITS } from '../../../contract/constants'
import type { Role } from '../../../contract/constants'
import { preparedStatement, type Db, type Param } from '../../db/client'
import { sessions, users } from '../../db/schema'
import type { TokenClaims, TokenService } from './tokens'

/** SQL: the user's session is live (not revoked, not expired), over `"sessions"`; the search checks it in its own statement too. */
export const liveSession = (sessionId: Param<string>, userId: Param<number>) =>
  sql`${sessions.id} = ${sessionId}::text and ${sessions.userId} = ${userId}::int and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now()`

// Every signed-in call runs this: built once, prepared once per connection (preparedStatement).
const sessionUserStatement = preparedStatement<{ id: number; phone: string; role: Role }, { sessionId: string; userId: number }>(
  (p) => sql`select ${users.id} as id, ${users.phone} as phone, ${users.role} as role
    from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
    where ${liveSession(p.sessionId, p.userId)} and ${users.deactivatedAt} is null
    limit 1`,
)

/** The user of a token's session while it is live (not revoked, not expired, user active); null otherwise. */
export async function sessionUser(db: Db, claims: TokenClaims): Promise<{ id: number; phone: string; role: Role } | null> {
  const [row] = await sessionUserStatement(db, { sessionId: claims.sessionId, userId: claims.userId })
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

/** Ends every session of a person (signing out everywhere). */
export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
}
