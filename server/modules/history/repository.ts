import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { preparedStatement } from '../../db/client'
import { contacts, numbers, searchHistory } from '../../db/schema'
import { postingBannedSql } from '../moderation/posting-ban-repository'

/**
 * Records a number in the user's search history: one row per number and UTC day (issue 30).
 * `lookedUp` marks a look-up the server answered (a paid one here): the number then opens free
 * for the rest of that day. A row of that day already there stays, shown again if it was cleared;
 * `paid` and `lookedUp` are only ever turned on. `anonymous` hides it from the number's owner (anti-spy).
 */
export async function recordSearch(
  db: Db,
  entry: { userId: number; numberId: number; searchedAt?: Date; day?: string; paid?: boolean; anonymous?: boolean; lookedUp?: boolean },
): Promise<void> {
  const searchedAt = entry.searchedAt ?? new Date()
  const day = entry.day ?? searchedAt.toISOString().slice(0, 10)
  await db
    .insert(searchHistory)
    .values({ ...entry, searchedAt, day })
    .onConflictDoUpdate({
      target: [searchHistory.userId, searchHistory.numberId, searchHistory.day],
      set: {
        clearedAt: null,
        paid: sql`${searchHistory.paid} or excluded.paid`,
        lookedUp: sql`${searchHistory.lookedUp} or excluded.looked_up`,
      },
    })
}

/**
 * Records a paid look-up of the day (issue 30): true when this call made the number looked up
 * today (a new row, or a history/add row turned into a look-up); false when it was looked up
 * already, by a look-up at the same moment too (the insert waits for that one's row), and then
 * nothing is to be paid. Run it in the transaction that spends the coin.
 */
export async function recordPaidLookUp(
  db: Db,
  entry: { userId: number; numberId: number; day: string; anonymous: boolean },
): Promise<boolean> {
  const rows = await db
    .insert(searchHistory)
    .values({ ...entry, paid: true, lookedUp: true })
    .onConflictDoUpdate({
      target: [searchHistory.userId, searchHistory.numberId, searchHistory.day],
      set: { clearedAt: null, paid: true, lookedUp: true, searchedAt: sql`now()` },
      where: sql`not ${searchHistory.lookedUp}`,
    })
    .returning({ id: searchHistory.id })
  return rows.length > 0
}

/** Writes the reputation index a look-up showed on its history row of the day. */
const indexStatement = preparedStatement<unknown, { userId: number; numberId: number; day: string; index: number }>(
  (p) => sql`update ${searchHistory} set reputation_index = ${p.index}::float8
    where user_id = ${p.userId}::int and number_id = ${p.numberId}::int and day = ${p.day}::date`,
)

export async function recordIndex(db: Db, row: { userId: number; numberId: number; day: string; index: number }): Promise<void> {
  await indexStatement(db, row)
}

/** One page of the user's search history (not cleared), each number with the name most contact books give it; and the total. */
export async function listHistory(db: Db, userId: number, page: { limit: number; offset: number; order: 'new' | 'old' }) {
  const mine = and(eq(searchHistory.userId, userId), isNull(searchHistory.clearedAt))
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: searchHistory.id,
        e164: numbers.e164,
        at: searchHistory.searchedAt,
        // Not the names of a user banned from posting on the number (issue 29).
        name: sql<string | null>`(select concat_ws(' ', ${contacts.firstName}, ${contacts.lastName}) from ${contacts}
          where ${contacts.numberId} = ${numbers.id} and not ${postingBannedSql(sql`${contacts.ownerId}`, sql`${numbers.id}`)} group by 1 order by count(*) desc limit 1)`,
      })
      .from(searchHistory)
      .innerJoin(numbers, eq(numbers.id, searchHistory.numberId))
      .where(mine)
      .orderBy(page.order === 'old' ? asc(searchHistory.searchedAt) : desc(searchHistory.searchedAt), desc(searchHistory.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(searchHistory)
      .where(mine),
  ])
  return { items, total }
}

/** Clears the user's search history (the rows stay, marked cleared). */
export async function clearHistory(db: Db, userId: number): Promise<void> {
  await db
    .update(searchHistory)
    .set({ clearedAt: new Date() })
    .where(and(eq(searchHistory.userId, userId), isNull(searchHistory.clearedAt)))
}
