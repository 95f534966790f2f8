import type { EvidenceItem } from '../../../contract/api/number-profile'
import type { Db } from '../../db/client'
import { loadEvidence } from '../numbers/evidence-repository'
import { reputationIndex } from './formula'

/**
 * A number's reputation as its page shows it: the index (reputation/formula.ts) of the
 * evidence that counts now, and that evidence. Nothing stores it: a page computes it from
 * the same evidence, so the two never disagree.
 */
export async function currentReputation(db: Db, numberId: number): Promise<{ index: number; evidence: EvidenceItem[] }> {
  const evidence = await loadEvidence(db, numberId)
  return { index: reputationIndex(evidence), evidence }
}
