import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { LIMITS } from '../../../contract/constants'
import type { Role } from '../../../contract/constants'
import { executePrepared, type Db } from '../../db/client'
import { sessions, users } from '../../db/schema'
import type { TokenClaims, TokenService } from './tokens'

/** The user of a token's session while it is live (not revoked, not expired, user active); null otherwise. */
export async function sessionUser(db: Db, claims: TokenClaims): Promise<{ id: number; phone: string; role: Role } | null> {
  // Every signed-in call runs this: prepared once per connection (executePrepared).
  const [row] = await executePrepared<{ id: number; phone: string; role: Role }>(
    db,
    sql`select ${users.id} as id, ${users.phone} as phone, ${users.role} as role
      from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
      where ${sessions.id} = ${claims.sessionId}::text and ${sessions.userId} = ${claims.userId}::int
        and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now() and ${users.deactivatedAt} is null
      limit 1`,
  )
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
