import { eq, sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../../db/client'
import { numbers, searchHistory, users } from '../../db/schema'

/** A user as a profile page shows them, with what decides who may see it; null when unknown. */
export async function findProfile(db: Db, userId: number) {
  const [u] = await db
    .select({
      id: users.id,
      phone: users.phone,
      firstName: users.firstName,
      lastName: users.lastName,
      profileGoing: users.profileGoing,
      deactivatedAt: users.deactivatedAt,
    })
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
  const [u] = await db
    .update(users)
    .set(flags)
    .where(eq(users.id, userId))
    .returning({ antispy: users.antispy, profileGoing: users.profileGoing })
  return u ?? null
}

/** Signed-in users who looked up this user's number since `since`; anti-spy searchers come without a number. */
export async function lookupsOf(db: Db, userId: number, since: Date, limit: number, offset: number) {
  const where = sql`h.number_id = (select n.id from ${numbers} n join ${users} me on me.phone = n.e164 where me.id = ${userId})
    and h.user_id <> ${userId} and h.searched_at >= ${since.toISOString()}::timestamptz`
  const result = await db.execute(sql`
    select case when h.anonymous or u.antispy then null else u.phone end as phone,
           case when h.anonymous or u.antispy then null else nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') end as name,
           h.searched_at, count(*) over ()::int as total
    from ${searchHistory} h join ${users} u on u.id = h.user_id
    where ${where}
    order by h.searched_at desc limit ${limit} offset ${offset}`)
  const list = rowsOf<{ phone: string | null; name: string | null; searched_at: string | Date; total: number }>(result)
  return {
    items: list.map((r) => ({ phoneNumber: r.phone, name: r.name, date: Math.floor(new Date(r.searched_at).getTime() / 1000) })),
    total: list[0]?.total ?? 0,
  }
}
