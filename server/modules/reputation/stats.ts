import { sql } from 'drizzle-orm'
import type { EvidenceItem } from '../../../contract/api/number-profile'
import type { Db } from '../../db/client'
import { numberStats } from '../../db/schema'
import { countedEvidence, loadEvidence } from '../numbers/evidence'
import { reputationIndex } from './index'

/**
 * Recomputes a number's index from its evidence and stores it in number_stats (with the
 * counted negative and positive weight); answers the index and the evidence behind it.
 */
export async function storeReputation(db: Db, numberId: number): Promise<{ index: number; evidence: EvidenceItem[] }> {
  const evidence = await loadEvidence(db, numberId)
  const index = reputationIndex(evidence)
  const counted = countedEvidence(evidence)
  const sum = (dir: EvidenceItem['direction']) => counted.filter((e) => e.direction === dir).reduce((s, e) => s + e.weight, 0)
  const [negative, positive] = [sum('negative'), sum('positive')]
  await db
    .insert(numberStats)
    .values({ numberId, reputation: index, negative, positive })
    .onConflictDoUpdate({ target: numberStats.numberId, set: { reputation: index, negative, positive, updatedAt: sql`now()` } })
  return { index, evidence }
}
