import type { NumberProfile } from '@contract/api/number-profile'

/** STUB (polls helper): ban / unban the number, with the onBan poll. */
export function BanControl(_props: { data: NumberProfile }) {
  return null
}
