/**
 * A number's dispute as everyone sees it on the number page (DESIGN.md section 9). Its own
 * module so that the number page (number-profile) and the dispute calls (disputes) both
 * import it without importing each other.
 */
import { z } from 'zod'
import { DISPUTE_CATEGORIES, DISPUTE_STATUSES } from '../dispute-categories'

export { DISPUTE_CATEGORIES, DISPUTE_STATUSES, type DisputeCategory, type DisputeStatus } from '../dispute-categories'

/** The latest dispute of a number: open ("disputed by its owner, under review"), then the decision with its note and date. */
export const disputeState = z.object({
  id: z.number().int(),
  status: z.enum(DISPUTE_STATUSES),
  category: z.enum(DISPUTE_CATEGORIES),
  createdAtTimestamp: z.number().int(),
  decidedAtTimestamp: z.number().int().nullable(),
  decisionNote: z.string().nullable(),
})
export type DisputeState = z.infer<typeof disputeState>
