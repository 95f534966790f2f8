import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { jsonValue, rowsOf } from '../../db/client'
import { importedEvidence, numbers, users } from '../../db/schema'
import { nameEntries } from '../contacts/name-repository'
import { evidenceFrom, evidenceJson, type EvidenceRows } from '../numbers/evidence-repository'
import { reputationIndex } from '../reputation/formula'

/** The user's own row; null when the user is unknown. */
export async function findUser(db: Db, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId))
  return u ?? null
}

/** The numbers with the most imported reports, most first. */
export async function mostReportedNumbers(db: Db, limit: number): Promise<Array<{ id: number; e164: string }>> {
  return db
    .select({ id: numbers.id, e164: numbers.e164 })
    .from(importedEvidence)
    .innerJoin(numbers, eq(numbers.id, importedEvidence.numberId))
    .groupBy(numbers.id, numbers.e164)
    .orderBy(desc(sql`sum(${importedEvidence.votes})`), numbers.id)
    .limit(limit)
}

/** Sets the user's own name; a part left undefined stays, an empty one is cleared. Answers the name now. */
export async function setOwnName(db: Db, userId: number, name: { firstName?: string; lastName?: string }) {
  const set: Partial<Pick<typeof users.$inferInsert, 'firstName' | 'lastName'>> = {}
  if (name.firstName !== undefined) set.firstName = name.firstName || null
  if (name.lastName !== undefined) set.lastName = name.lastName || null
  const [row] = Object.keys(set).length
    ? await db.update(users).set(set).where(eq(users.id, userId)).returning({ firstName: users.firstName, lastName: users.lastName })
    : await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId))
  return row
}

/** SQL: a number's best-known name, as the number page's `averageProfile` picks it; null when it has none. */
const topName = (numberId: number) => sql`(
  select nullif(trim(concat_ws(' ', (array_agg(e.first_name order by e.source, e.entry_id))[1], (array_agg(e.last_name order by e.source, e.entry_id))[1])), '')
  from ${nameEntries(numberId)} e group by e.name_hash order by count(distinct e.user_id) desc, min(e.source), min(e.entry_id) limit 1)`

/**
 * The featured numbers as the search page lists them, in the order given: each with
 * its best-known name and its reputation index from its evidence (what its page
 * shows), in one statement.
 */
export async function featuredNumbers(db: Db, list: Array<{ id: number; e164: string }>) {
  if (!list.length) return []
  const parts = list.map(({ id }, pos) => sql`select ${pos}::int as pos, ${evidenceJson(id)} as evidence, ${topName(id)} as name`)
  const rows = rowsOf<{ pos: number; evidence: EvidenceRows | string; name: string | null }>(
    await db.execute(sql`select * from (${sql.join(parts, sql` union all `)}) f order by f.pos`),
  )
  return rows.map((r) => {
    const evidence = jsonValue<EvidenceRows>(r.evidence)
    return { e164: list[Number(r.pos)].e164, name: r.name, index: reputationIndex(evidenceFrom(evidence)) }
  })
}
