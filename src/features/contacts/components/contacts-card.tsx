import type { NumberProfile } from '@contract/api/number-profile'

/** STUB (contacts helper): names the number is saved under, likes, report, upload own book. */
export function ContactsCard(_props: { data: NumberProfile }) {
  return null
}
