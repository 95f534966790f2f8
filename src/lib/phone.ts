import min from 'libphonenumber-js/metadata.min.json'
import { createPhoneTools } from '@contract/phone'
import { setPhoneTools } from './phone-display'

/** Formatting only in the browser: the small metadata set keeps the bundle light. */
export const phone = createPhoneTools(min)
export { digitsOnly } from '@contract/phone'

// Numbers shown before the metadata arrived render again now (lib/phone-display.ts).
setPhoneTools(phone)
