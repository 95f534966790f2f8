import type { NumberProfile } from '@contract/api/number-profile'

/** STUB (polls helper): neuro-analysis card. */
export function NeuroanalysisCard(_props: { data: NumberProfile }) {
  return null
}

/** STUB (polls helper): friends-of-friends card. */
export function FofCard(_props: { data: NumberProfile }) {
  return null
}
