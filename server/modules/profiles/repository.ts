import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'

/** A user as a profile page shows them, with what decides who may see it; null when unknown. */
export async function findProfile(db: Db, userId: number) {
  const [u] = await db
    .select({ id: users.id, phone: users.phone, firstName: users.firstName, lastName: users.lastName, profileGoing: users.profileGoing, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return u ?? null
}

export interface PrivacyFlags {
  antispy: boolean
  profileGoing: boolean
}

/** The user's anti-spy and profile-going switches; null when the user is unknown. */
export async function privacyFlags(db: Db, userId: number): Promise<PrivacyFlags | null> {
  const [u] = await db.select({ antispy: users.antispy, profileGoing: users.profileGoing }).from(users).where(eq(users.id, userId))
  return u ?? null
}

/** Sets some of the user's switches; the switches as they are now, null when the user is unknown. */
export async function setPrivacyFlags(db: Db, userId: number, flags: Partial<PrivacyFlags>): Promise<PrivacyFlags | null> {
  const [u] = await db.update(users).set(flags).where(eq(users.id, userId)).returning({ antispy: users.antispy, profileGoing: users.profileGoing })
  return u ?? null
}
