import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { numbers } from '../../db/schema'

/** The id of a number's row, creating it on first sight, in one round trip. */
export async function upsertNumber(db: Db, e164: string, country: string | null): Promise<number> {
  const [row] = await db
    .insert(numbers)
    .values({ e164, country })
    .onConflictDoUpdate({ target: numbers.e164, set: { e164: sql`excluded.e164` } })
    .returning({ id: numbers.id })
  return row.id
}

export async function findNumber(db: Db, e164: string): Promise<number | null> {
  const [row] = await db.select({ id: numbers.id }).from(numbers).where(eq(numbers.e164, e164)).limit(1)
  return row?.id ?? null
}
