import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { importedEvidence, numbers, users } from '../../db/schema'

/** The user's own row; null when the user is unknown. */
export async function findUser(db: Db, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId))
  return u ?? null
}

/** Whether the user turned paid searches past the daily limit on. */
export async function overlimitOf(db: Db, userId: number): Promise<boolean> {
  const [u] = await db.select({ overlimit: users.overlimit }).from(users).where(eq(users.id, userId))
  return u?.overlimit ?? false
}

/** The numbers with the most imported reports, most first. */
export async function mostReportedNumbers(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ e164: numbers.e164, votes: sql<number>`sum(${importedEvidence.votes})::int` })
    .from(importedEvidence)
    .innerJoin(numbers, eq(numbers.id, importedEvidence.numberId))
    .groupBy(numbers.e164)
    .orderBy(desc(sql`sum(${importedEvidence.votes})`))
    .limit(limit)
  return rows.map((r) => r.e164)
}
