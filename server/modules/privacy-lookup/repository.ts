import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { preparedStatement } from '../../db/client'
import { bans, importedEvidence, numbers, pollAnswers } from '../../db/schema'
import { evidenceFrom, evidenceJson, readEvidenceRows, type EvidenceRows } from '../numbers/evidence-repository'
import { topLabel } from '../blocklist/rating'
import type { PrefixMatch } from '../blocklist/replica'
import { reputationIndex } from '../reputation/formula'

/**
 * Every number with something to say about it (imported, banned or tagged) whose SHA-256
 * starts with `prefix` (5 lower-case hex digits; the `left(sha256, 5)` index), with its
 * index and top label as its page computes them, in one statement. Numbers known only
 * from contact books or searches are left out: listing them would tell that somebody saved
 * or looked up the number. Reads only.
 */
// Built once and prepared once per connection: planning the evidence's subqueries at every call took longer than running them.
const prefixStatement = preparedStatement<{ hash: string; evidence: EvidenceRows | string }, { prefix: string }>(
  (p) => sql`
      select n.sha256 as hash, ${evidenceJson(sql`n.id`)} as evidence
      from ${numbers} n
      where left(n.sha256, 5) = ${p.prefix}::text
        and (exists (select 1 from ${importedEvidence} where number_id = n.id)
          or exists (select 1 from ${bans} where number_id = n.id)
          or exists (select 1 from ${pollAnswers} where number_id = n.id))
      order by n.sha256`,
)

export async function numbersByHashPrefix(db: Db, prefix: string): Promise<PrefixMatch[]> {
  const rows = await prefixStatement(db, { prefix })
  return rows.map((r) => {
    const evidence = evidenceFrom(readEvidenceRows(r.evidence))
    return { hash: r.hash, index: reputationIndex(evidence), label: topLabel(evidence) }
  })
}
