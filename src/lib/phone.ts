import min from 'libphonenumber-js/metadata.min.json'
import { createPhoneTools } from '@contract/phone'

/** Formatting only in the browser: the small metadata set keeps the bundle light. */
export const phone = createPhoneTools(min)
export { digitsOnly } from '@contract/phone'
