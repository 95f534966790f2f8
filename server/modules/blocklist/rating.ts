import type { EvidenceItem } from '../../../contract/api/number-profile'
import type { PhoneblockRating } from '../../../contract/api/phoneblock'
import { TAG_BY_CODE } from '../../../contract/tags'
import { reputationIndex } from '../reputation/formula'

/** The blocking threshold (DESIGN.md section 10): this many votes against a number, or an index this low. */
export const BLOCK_VOTES = 4
export const BLOCK_INDEX = 2
/** A number this well reputed is `A_LEGITIMATE` whatever its tags. */
export const LEGITIMATE_INDEX = 7

/** Tags onto PhoneBlock's ratings; any other negative tag is `B_MISSED`, a positive one `A_LEGITIMATE`. */
const RATING_OF_TAG: Record<string, PhoneblockRating> = {
  fraud: 'G_FRAUD',
  scam: 'G_FRAUD',
  imposter: 'G_FRAUD',
  advertising: 'E_ADVERTISING',
  sales: 'E_ADVERTISING',
  poll: 'D_POLL',
  ping: 'C_PING',
  gambling: 'F_GAMBLE',
}

/** The rating a tag means on its own (a person's own rating of a number). */
export function ratingOfTag(code: string | null): PhoneblockRating {
  if (!code) return 'B_MISSED'
  const mapped = RATING_OF_TAG[code]
  if (mapped) return mapped
  return (TAG_BY_CODE.get(code)?.polarity ?? -1) > 0 ? 'A_LEGITIMATE' : 'B_MISSED'
}

export interface Assessment {
  /**
   * Votes against the number that count (not what a dispute discounted): imported lists' votes,
   * plus the more of bans and negative poll answers (one person's ban with its reason is one vote).
   */
  votes: number
  index: number
  rating: PhoneblockRating
  /** The number's top tag code (most votes of imported lists and poll answers that count), null when none. */
  label: string | null
  /** At or above the blocking threshold, and not `A_LEGITIMATE`. */
  listed: boolean
  /** The page's top label, which the private look-up answers: as `label`, neutral tags included. */
  topLabel: string | null
}

/** The most-voted tag code of imported lists and polls over the evidence that counts (ties: the first by name); null when none. */
export function topLabel(evidence: readonly EvidenceItem[]): string | null {
  const votes = new Map<string, number>()
  for (const e of evidence) {
    if (!e.discounted && (e.kind === 'imported' || e.kind === 'polls')) votes.set(e.label, (votes.get(e.label) ?? 0) + e.votes)
  }
  return mostVoted(votes)
}

const mostVoted = (votes: Map<string, number>) => [...votes].sort(([a, x], [b, y]) => y - x || a.localeCompare(b))[0]?.[0] ?? null

/** What the blocklist says of a number with this evidence (the same evidence and index its page shows). */
export function assess(evidence: readonly EvidenceItem[]): Assessment {
  const index = reputationIndex(evidence)
  // People, as near as the evidence tells: a device rating is a ban and a tag from one person, so
  // bans and negative poll answers are not added up; imported lists count their own votes.
  let imported = 0
  let banned = 0
  let polled = 0
  const tagVotes = new Map<string, number>()
  for (const e of evidence) {
    if (e.discounted) continue
    if (e.direction === 'negative') {
      if (e.kind === 'imported') imported += e.votes
      else if (e.kind === 'bans') banned += e.votes
      else polled += e.votes
    }
    if (e.kind !== 'imported' && e.kind !== 'polls') continue
    // Neutral tags (company, bank, delivery …) say nothing of blocking, except sales calls.
    if ((TAG_BY_CODE.get(e.label)?.polarity ?? -1) === 0 && e.label !== 'sales') continue
    tagVotes.set(e.label, (tagVotes.get(e.label) ?? 0) + e.votes)
  }
  const votes = imported + Math.max(banned, polled)
  const label = mostVoted(tagVotes)
  const rating: PhoneblockRating =
    index >= LEGITIMATE_INDEX ? 'A_LEGITIMATE' : label ? ratingOfTag(label) : votes > 0 ? 'B_MISSED' : 'A_LEGITIMATE'
  const listed = rating !== 'A_LEGITIMATE' && (votes >= BLOCK_VOTES || index <= BLOCK_INDEX)
  return { votes, index, rating, label, listed, topLabel: topLabel(evidence) }
}
