/**
 * Complaints (SPEC.md section 2, "Number-profile modals"): the complaint modal and the
 * complaint-after notice, each opened in the app's one modal container (src/stores/modal.ts).
 */
export type { ComplaintTarget } from './types'
export { openComplaint } from './components/complaint-modal'
export { openComplaintAfter } from './components/complaint-after'
