import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { preparedStatement } from '../../db/client'
import { groupCommit } from '../../db/group-commit'
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

type IndexRow = { userId: number; numberId: number; day: string; index: number }

/** Writes the reputation indexes look-ups showed on their history rows of the day, any number in one statement. */
const indexStatement = preparedStatement<unknown, { rows: string }>(
  // Each row found by its key (lateral, limit 1): the planner takes the batch for a hundred rows and would hash the whole table.
  (p) => sql`update ${searchHistory} h set reputation_index = v.i
    from jsonb_to_recordset(${p.rows}::jsonb) as v(u int, n int, d date, i float8)
    cross join lateral (select id from ${searchHistory} where user_id = v.u and number_id = v.n and day = v.d limit 1) row
    where h.id = row.id`,
)

/**
 * Writes the reputation index a look-up showed on its history row of the day; settles when it is
 * written. The writes asked while one is under way go together in the next statement (group
 * commit, ADR 0058 and 0060): under load, look-ups share one round trip and one commit.
 */
export const recordIndex: (db: Db, row: IndexRow) => Promise<void> = groupCommit(async (db, rows: IndexRow[]) => {
  await indexStatement(db, { rows: JSON.stringify(rows.map((row) => ({ u: row.userId, n: row.numberId, d: row.day, i: row.index }))) })
  return rows.map(() => undefined)
})

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
