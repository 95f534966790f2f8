import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { DeviceKind } from '../../../contract/api/device'
import { noticeHere } from '../../db/change-feed'
import { preparedStatement, type Db } from '../../db/client'
import { devicePasswords, users } from '../../db/schema'
import { ownListArraysSql } from '../blocklist/repository'

/** The device a presented password belongs to, while it and its account are live. */
export interface DeviceCredential {
  id: number
  userId: number
  /** The account's number (E.164): its own lists are read by it. */
  phone: string
  kind: DeviceKind
  maxEntries: number | null
  /** The person's own lists (`blackListed`, `whiteListed` of a number's answer): the numbers they banned, and answered "legitimate". */
  banned: ReadonlySet<number>
  legitimate: ReadonlySet<number>
}

/**
 * Adds a device password unless the person already has `max` live ones: null then. The person's
 * row is locked for the count and the insert, so parallel adds never pass the limit together.
 */
export async function addDevice(
  db: Db,
  d: { userId: number; name: string; kind: DeviceKind; maxEntries: number | null; secretHash: string },
  max: number,
) {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, d.userId)).for('update')
    if ((await liveDeviceCount(tx, d.userId)) >= max) return null
    const [row] = await tx.insert(devicePasswords).values(d).returning()
    return row
  })
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
  noticeHere(`u${userId}`)
  return rows.length > 0
}

/** Ends every device of a person (signing out everywhere, deactivation, deletion). */
export async function revokeAllDevices(db: Db, userId: number, now = new Date()): Promise<void> {
  await db
    .update(devicePasswords)
    .set({ revokedAt: now })
    .where(and(eq(devicePasswords.userId, userId), isNull(devicePasswords.revokedAt)))
  noticeHere(`u${userId}`)
}

// Every device call runs this (a phone asks while it rings): built once, prepared once per connection.
const deviceStatement = preparedStatement<
  {
    id: number
    userId: number
    phone: string
    kind: DeviceKind
    maxEntries: number | null
    black: number[] | string
    white: number[] | string
  },
  { secretHash: string }
>(
  (p) => sql`select ${devicePasswords.id} as "id", ${devicePasswords.userId} as "userId", ${users.phone} as "phone",
      ${devicePasswords.kind} as "kind", ${devicePasswords.maxEntries} as "maxEntries", ${ownListArraysSql(sql`${devicePasswords.userId}`)}
    from ${devicePasswords} join ${users} on ${users.id} = ${devicePasswords.userId}
    where ${devicePasswords.secretHash} = ${p.secretHash}::text and ${devicePasswords.revokedAt} is null
      and ${users.deactivatedAt} is null and ${users.purgedAt} is null
    limit 1`,
)

/** The live device whose password hashes so, with its account not deactivated; null otherwise. */
export async function deviceBySecret(db: Db, secretHash: string): Promise<DeviceCredential | null> {
  const [row] = await deviceStatement(db, { secretHash })
  if (!row) return null
  const { black, white, ...rest } = row
  return {
    ...rest,
    id: Number(row.id),
    userId: Number(row.userId),
    maxEntries: row.maxEntries === null ? null : Number(row.maxEntries),
    banned: idSet(black),
    legitimate: idSet(white),
  }
}

/** An int[] as node-postgres and PGlite answer it (an array, or PostgreSQL's text `{1,2}` where no parser applies). */
function idSet(value: number[] | string): Set<number> {
  const ids = typeof value === 'string' ? value.replace(/[{}]/g, '').split(',').filter(Boolean) : value
  return new Set(ids.map(Number))
}

/** Notes a device's use (the settings list shows it). */
export async function touchDevice(db: Db, id: number): Promise<void> {
  await db
    .update(devicePasswords)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(devicePasswords.id, id))
}
