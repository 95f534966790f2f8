import { and, eq, sql } from 'drizzle-orm'
import { LIMITS } from '../../../contract/constants'
import type { Db } from '../../db/client'
import { dailyUsage } from '../../db/schema'

const utcDay = (now = new Date()) => now.toISOString().slice(0, 10)

/** Takes one search from today's allowance; the remaining count, or null when none was left. */
export async function takeSearch(db: Db, userId: number, limit: number = LIMITS.searchDailyLimit): Promise<number | null> {
  const [row] = await db
    .insert(dailyUsage)
    .values({ userId, day: utcDay(), count: 1 })
    .onConflictDoUpdate({
      target: [dailyUsage.userId, dailyUsage.day],
      set: { count: sql`${dailyUsage.count} + 1` },
      setWhere: sql`${dailyUsage.count} < ${limit}`,
    })
    .returning({ count: dailyUsage.count })
  return row ? Math.max(0, limit - row.count) : null
}

export async function searchesLeft(db: Db, userId: number, limit: number = LIMITS.searchDailyLimit): Promise<number> {
  const [row] = await db
    .select({ count: dailyUsage.count })
    .from(dailyUsage)
    .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, utcDay())))
  return Math.max(0, limit - (row?.count ?? 0))
}
