/**
 * Complaints and delete confirmations (SPEC.md section 2, "Number-profile modals").
 * Each opens in the app's one modal container (src/stores/modal.ts).
 */
export type { ComplaintTarget } from './types'
export { openComplaint } from './components/complaint-modal'
export { openComplaintAfter } from './components/complaint-after'
export { confirmDeleteWithSubtext, confirmDeleteWithToggle, confirmKeepOrDelete } from './components/delete-confirmations'
