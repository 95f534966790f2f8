import type { useSWRConfig } from 'swr'
import type { NumberProfile } from '@contract/api/number-profile'
import { isNumberPageKey } from '@/lib/page-keys'

type Mutate = ReturnType<typeof useSWRConfig>['mutate']
export interface ReputationState {
  index: number
  bans: number
  isBanned: boolean
  pollAnswers: number[]
}

/**
 * After a ban or a poll answer: every cached number page of this phone shows the new
 * index, bans and answers at once, then reloads for the tags and evidence.
 */
export function refreshNumber(mutate: Mutate, phone: string, state: ReputationState) {
  return mutate(
    isNumberPageKey,
    (current?: NumberProfile) =>
      current && current.phone.number === phone
        ? {
            ...current,
            metrics: { ...current.metrics, index: state.index, bans: state.bans },
            common: { ...current.common, isBanned: state.isBanned },
            polls: { ...current.polls, pollAnswers: state.pollAnswers },
          }
        : current,
    { revalidate: true },
  )
}
