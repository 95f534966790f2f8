/**
 * For tests/e2e/fixtures: a user with no free search left, today's searches all used as the
 * search statement keeps them. The server's day is UTC, and a CI run that starts before midnight
 * UTC reaches the specs after it; so the next UTC day is used up too, or such a run would see
 * fresh searches (as one did: three specs past the limit found the limit gone).
 */
import { LIMITS } from '../../contract/constants'
import type { Db } from '../../server/db/client'
import { dailyUsage } from '../../server/db/schema'
import { utcDay } from '../../server/modules/search/repository'

const DAY_MS = 24 * 60 * 60 * 1000

export async function useUpFreeSearches(db: Db, userId: number, now = Date.now()): Promise<void> {
  for (const at of [now, now + DAY_MS]) {
    // The day as the search statement counts it.
    const day = utcDay(new Date(at))
    await db
      .insert(dailyUsage)
      .values({ userId, day, count: LIMITS.searchDailyLimit })
      .onConflictDoUpdate({ target: [dailyUsage.userId, dailyUsage.day], set: { count: LIMITS.searchDailyLimit } })
  }
}
