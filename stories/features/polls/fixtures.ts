import { emptyNumberProfile, type NumberProfile } from '@contract/api/number-profile'
import { TAGS } from '@contract/tags'

/** Tag ids as the contract fixes them. */
export const tagId = (code: string) => TAGS.find((t) => t.code === code)!.id
const tag = (code: string, count: number) => ({ id: tagId(code), code, name: code, count })

export const POLL_DIGITS = '12015550177'

/** A number many people tagged; the viewer tagged it as fraud. */
export function taggedNumber(): NumberProfile {
  const p = emptyNumberProfile(POLL_DIGITS)
  return {
    ...p,
    metrics: { ...p.metrics, bans: 4, index: 2.1, isUnwanted: true },
    tagsTop: {
      callerType: tag('robot', 12),
      categories: [tag('fraud', 9), tag('spam', 3)],
      subcategories: [tag('imposter', 2)],
      callReasons: [tag('bank', 2)],
      emotags: [tag('scared', 1)],
    },
    polls: { show: { onComment: true, onBan: true, onPage: false }, pollAnswers: [tagId('fraud')] },
    evidence: [{ kind: 'polls', source: 'users', label: 'fraud', votes: 9, weight: 0.6, direction: 'negative' }],
  }
}

/** A number nobody has tagged: the server offers the page poll. */
export function untaggedNumber(): NumberProfile {
  const p = emptyNumberProfile(POLL_DIGITS)
  return { ...p, polls: { show: { onComment: true, onBan: true, onPage: true }, pollAnswers: [] } }
}

/** The reputation state the poll and ban calls answer. */
export const state = (over: Partial<{ index: number; bans: number; isBanned: boolean; pollAnswers: number[] }> = {}) => ({
  index: 4.2,
  bans: 0,
  isBanned: false,
  pollAnswers: [],
  ...over,
})
