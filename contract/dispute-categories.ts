/**
 * What an owner may say when contesting a number's rating, and where a dispute stands
 * (DESIGN.md section 9), as plain values without zod: the number page's dispute form reads
 * them and does not load the contract's schemas (ADR 0032).
 */
export const DISPUTE_CATEGORIES = ['new_owner', 'not_spam', 'business'] as const
export type DisputeCategory = (typeof DISPUTE_CATEGORIES)[number]
export const DISPUTE_STATUSES = ['open', 'upheld', 'rejected'] as const
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number]
