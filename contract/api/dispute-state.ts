/**
 * A number's dispute as everyone sees it on the number page (DESIGN.md section 9). Its own
 * module so that the number page (number-profile) and the dispute calls (disputes) both
 * import it without importing each other.
 */
import { z } from 'zod'

export const DISPUTE_CATEGORIES = ['new_owner', 'not_spam', 'business'] as const
export type DisputeCategory = (typeof DISPUTE_CATEGORIES)[number]
export const DISPUTE_STATUSES = ['open', 'upheld', 'rejected'] as const
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number]

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
