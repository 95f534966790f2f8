import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { DeviceKind } from '../../../contract/api/device'
import type { Db } from '../../db/client'
import { devicePasswords, users } from '../../db/schema'

/** The device a presented password belongs to, while it and its account are live. */
export interface DeviceCredential {
  id: number
  userId: number
  /** The account's number (E.164): its own lists are read by it. */
  phone: string
  kind: DeviceKind
  maxEntries: number | null
}

export async function addDevice(
  db: Db,
  d: { userId: number; name: string; kind: DeviceKind; maxEntries: number | null; secretHash: string },
) {
  const [row] = await db.insert(devicePasswords).values(d).returning()
  return row
}

export async function liveDeviceCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(devicePasswords)
    .where(and(eq(devicePasswords.userId, userId), isNull(devicePasswords.revokedAt)))
  return row.n
}

export async function listDevices(db: Db, userId: number) {
  return db
    .select()
    .from(devicePasswords)
    .where(and(eq(devicePasswords.userId, userId), isNull(devicePasswords.revokedAt)))
    .orderBy(desc(devicePasswords.createdAt), desc(devicePasswords.id))
}

/** Revokes one of the person's devices; false when it is not theirs or already revoked. */
export async function revokeDevice(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(devicePasswords)
    .set({ revokedAt: new Date() })
    .where(and(eq(devicePasswords.id, id), eq(devicePasswords.userId, userId), isNull(devicePasswords.revokedAt)))
    .returning({ id: devicePasswords.id })
  return rows.length > 0
}

/** Ends every device of a person (signing out everywhere, deactivation, deletion). */
export async function revokeAllDevices(db: Db, userId: number, now = new Date()): Promise<void> {
  await db
    .update(devicePasswords)
    .set({ revokedAt: now })
    .where(and(eq(devicePasswords.userId, userId), isNull(devicePasswords.revokedAt)))
}

/** The live device whose password hashes so, with its account not deactivated; null otherwise. */
export async function deviceBySecret(db: Db, secretHash: string): Promise<DeviceCredential | null> {
  const [row] = await db
    .select({
      id: devicePasswords.id,
      userId: devicePasswords.userId,
      phone: users.phone,
      kind: devicePasswords.kind,
      maxEntries: devicePasswords.maxEntries,
    })
    .from(devicePasswords)
    .innerJoin(users, eq(users.id, devicePasswords.userId))
    .where(
      and(
        eq(devicePasswords.secretHash, secretHash),
        isNull(devicePasswords.revokedAt),
        isNull(users.deactivatedAt),
        isNull(users.purgedAt),
      ),
    )
  return row ?? null
}

/** Notes a device's use (the settings list shows it). */
export async function touchDevice(db: Db, id: number): Promise<void> {
  await db
    .update(devicePasswords)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(devicePasswords.id, id))
}
