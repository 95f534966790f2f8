import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { contacts, numbers, searchHistory } from '../../db/schema'
import { postingBannedSql } from '../moderation/posting-bans'

/** Records a look-up in the user's search history; `anonymous` hides it from the number's owner (anti-spy). */
export async function recordSearch(db: Db, entry: { userId: number; numberId: number; searchedAt?: Date; paid?: boolean; anonymous?: boolean }): Promise<void> {
  await db.insert(searchHistory).values(entry)
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
    db.select({ total: sql<number>`count(*)::int` }).from(searchHistory).where(mine),
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
