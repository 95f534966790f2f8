import type { NumberProfile } from '@contract/api/number-profile'

/** STUB (contacts helper): phone modal button, suggest-a-name, beside the number's name. */
export function NumberActions(_props: { data: NumberProfile }) {
  return null
}
