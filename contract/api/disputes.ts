/** Contesting a number's reputation, and the private look-up by hash prefix (DESIGN.md section 9). */
import { z } from 'zod'
import { okEnvelope } from './envelope'
import { id, plainText } from './community'
import { DISPUTE_CATEGORIES, disputeState } from './dispute-state'
import { evidenceItem } from './number-profile'

export {
  DISPUTE_CATEGORIES,
  DISPUTE_STATUSES,
  disputeState,
  type DisputeCategory,
  type DisputeState,
  type DisputeStatus,
} from './dispute-state'
/** Evidence kinds a moderator may discount when upholding a dispute (or `source:<name>` of an imported list). */
export const DISCOUNTABLE = ['imported', 'bans', 'polls'] as const
const discountEntry = /^(imported|bans|polls|source:[a-z0-9_.-]{1,40})$/

/** `POST /api/v6/dispute/add`: only for your own verified sign-in number (403 otherwise); 409 while one is open. */
export const disputeAddBody = z
  .object({
    phone: z.string().trim().min(1).max(64),
    category: z.enum(DISPUTE_CATEGORIES),
    reasons: plainText(2000).refine((s) => s.length >= 10, 'must be at least 10 characters'),
    link: z.union([z.url({ protocol: /^https?$/ }).max(500), z.literal('')]).optional(),
    /** YYYY-MM-DD: since when the number is yours; required for new_owner. */
    owned_since: z.iso.date().optional(),
  })
  .refine((b) => b.category !== 'new_owner' || !!b.owned_since, {
    message: 'owned_since is required for a new owner',
    path: ['owned_since'],
  })
export const disputeAddResponse = okEnvelope(disputeState)

export const disputeQueueQuery = z.object({
  status: z.enum(['open', 'decided']).default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export const disputeQueueItem = disputeState.extend({
  phoneNumber: z.string(),
  reasons: z.string(),
  link: z.string().nullable(),
  ownedSinceTimestamp: z.number().int().nullable(),
  ownerProfileId: z.number().int(),
  /** The number's index now, and the evidence behind it (discounted items flagged). */
  index: z.number(),
  evidence: z.array(evidenceItem),
  /** What an upheld dispute discounted (DISCOUNTABLE kinds, `source:<name>`); empty otherwise. */
  discount: z.array(z.string()),
})
export type DisputeQueueItem = z.infer<typeof disputeQueueItem>
export const disputeQueueResponse = okEnvelope(z.object({ items: z.array(disputeQueueItem), total: z.number().int() }))

/** `POST /api/v6/moderation/dispute/decide` (moderators): uphold (discounting evidence) or reject; 409 when decided. */
export const disputeDecideBody = z.object({
  dispute_id: id,
  decision: z.enum(['uphold', 'reject']),
  /**
   * Comma-separated DISCOUNTABLE kinds or `source:<name>` (`imported,bans`, `source:phoneblock`), read as a
   * list; needed to uphold not_spam and business, ignored for new_owner (the date of ownership decides).
   */
  discount: z
    .string()
    .max(500)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .refine((list) => list.every((x) => discountEntry.test(x)), 'must list imported, bans, polls or source:<name>, separated by commas')
    .optional(),
  note: z.union([plainText(1000), z.literal('')]).optional(),
})
export const disputeDecideResponse = okEnvelope(disputeState.extend({ index: z.number() }))

/** `GET /api/v1/check-prefix?prefix=` five hex digits of SHA-256 of the E.164 number; no token, nothing logged. */
export const checkPrefixQuery = z.object({
  prefix: z
    .string()
    .regex(/^[0-9a-fA-F]{5}$/, 'must be exactly 5 hex digits')
    .transform((s) => s.toLowerCase()),
})
export const checkPrefixResponse = okEnvelope(
  z.object({
    items: z.array(z.object({ hash: z.string(), index: z.number(), label: z.string().nullable() })),
  }),
)
