import type { EvidenceItem } from '../../../contract/api/number-profile'
import { LIMITS } from '../../../contract/constants'

/** Evidence loses half its weight every year: here and in the SQL that decays bans (numbers/evidence). */
export const HALF_LIFE_DAYS = 365
const Z = 1.96

export function decay(at: Date | null, now: number = Date.now()): number {
  if (!at) return 1
  const ageDays = Math.max(0, (now - at.getTime()) / 86_400_000)
  return Math.pow(0.5, ageDays / HALF_LIFE_DAYS)
}

/** Lower bound of the Wilson score interval for `k` successes in `n` weighted trials. */
export function wilsonLower(k: number, n: number): number {
  if (n <= 0) return 0
  const p = k / n
  const z2 = Z * Z
  return (p + z2 / (2 * n) - Z * Math.sqrt((p * (1 - p) + z2 / (4 * n)) / n)) / (1 + z2 / n)
}

/**
 * The reputation index, 0 (certainly unwanted) to 10 (certainly fine), 5 with no
 * evidence. Positive and negative evidence each pull by the Wilson lower bound of
 * their share, so a handful of votes cannot swing it far and hundreds can. Evidence
 * an upheld dispute discounted (`discounted`) does not count.
 */
export function reputationIndex(evidence: readonly EvidenceItem[]): number {
  let pos = 0
  let neg = 0
  for (const e of evidence) {
    if (e.discounted) continue
    if (e.direction === 'positive') pos += e.weight
    else if (e.direction === 'negative') neg += e.weight
  }
  const n = pos + neg
  if (n <= 0) return LIMITS.defaultProfileIndex
  const index = 5 + 5 * (wilsonLower(pos, n) - wilsonLower(neg, n))
  return Math.round(Math.min(10, Math.max(0, index)) * 10) / 10
}
