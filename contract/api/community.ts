/**
 * Comments, thread replies, reactions, reports, complaints, moderation and the
 * coin-paid hiding of a review (SPEC.md sections 3, 4, 7; DESIGN.md sections 3, 5).
 * GET takes query parameters, POST form data (or JSON): ids arrive as strings.
 */
import { z } from 'zod'
import { LIMITS } from '../constants'
import { charLength, textField, textProblem } from '../text'
import { flag, okEnvelope } from './envelope'
import { comment, reactionCounts, threadReply } from './number-profile'

/** Largest value of a PostgreSQL integer column: bigger ids cannot exist. */
const MAX_ID = 2_147_483_647

export const id = z.coerce.number().int().positive().max(MAX_ID)

/** Text stored as the user typed it (HTML stays literal text), under the one text policy (contract/text.ts). */
export const plainText = (max: number) => textField({ max })

const optionalText = (max: number) => textField({ max, min: 0 })

const phone = textField({ max: 64, kind: 'line' })

export { INSUFFICIENT_COINS_STATUS } from '../constants'

// ---------- comments ----------

export const COMMENT_ORDERS = ['interesting', 'new', 'old', 'rating'] as const

export const communityComment = comment.extend({
  /** Pinned by the number's owner; a pinned comment is listed first. */
  pinned: z.boolean(),
  /** For the owner hiding this review: whether the hiding renews next month; null for everyone else. */
  hideRenews: z.boolean().nullable(),
})
export type CommunityComment = z.infer<typeof communityComment>

export const commentListQuery = z.object({
  phone,
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  order_by: z.enum(COMMENT_ORDERS).default('interesting'),
})
export const commentListResponse = okEnvelope(
  z.object({
    /** Visible comments of the number; each with its first LIMITS.threadPageLimit replies in `thread`. */
    items: z.array(communityComment),
    total: z.number().int(),
  }),
)

export const commentAddBody = z.object({ phone, text: plainText(LIMITS.commentMaxLength) })
export const commentAddResponse = okEnvelope(
  z.object({
    id: z.number().int(),
    /** False when an existing comment of the same user on the number was edited. */
    created: z.boolean(),
  }),
)

export const commentDeleteBody = z.object({ phone })
export const commentPinBody = z.object({
  comment_id: id,
  /** `0` unpins; pinning one comment unpins the others of the number. */
  pin: flag.optional().default(true),
})
export const commentPinResponse = okEnvelope(z.object({ comment_id: z.number().int(), pinned: z.boolean() }))

// ---------- thread replies ----------

export const threadListQuery = z.object({
  comment_id: id,
  phone: phone.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.threadPageLimit),
  offset: z.coerce.number().int().min(0).max(100_000).default(LIMITS.threadPageOffset),
})
export const threadListResponse = okEnvelope(z.object({ items: z.array(threadReply), total: z.number().int() }))

export const threadAddBody = z.object({ reply_to: id, text: plainText(LIMITS.commentMaxLength) })
export const threadAddResponse = okEnvelope(z.object({ id: z.number().int() }))
export const threadEditBody = z.object({ thread_id: id, text: plainText(LIMITS.commentMaxLength) })
export const threadDeleteBody = z.object({ thread_id: id })

export const okStatus = okEnvelope(z.object({}).optional())

// ---------- reactions ----------

export const likeBody = z
  .object({
    comment_id: id.optional(),
    /** Set to react to a thread reply instead of a comment. */
    thread_id: id.optional(),
    like_type: z.enum(['LIKE', 'DISLIKE', 'COMMENT_UP']),
    action_type: z.enum(['ADD', 'REMOVE']).default('ADD'),
    /** Coins to spend on a COMMENT_UP. */
    comment_up_count: z.coerce.number().int().min(1).max(1000).default(1),
  })
  .refine((b) => b.comment_id !== undefined || b.thread_id !== undefined, {
    message: 'comment_id or thread_id is required',
    path: ['comment_id'],
  })
export const likeResponse = okEnvelope(
  reactionCounts.extend({
    /** The caller's balance after a COMMENT_UP; null for likes and dislikes. */
    balance: z.number().int().nullable(),
  }),
)

// ---------- reports and complaints ----------

export const reportCommentBody = z
  .object({
    comment_id: id.optional(),
    /** Set to report a thread reply instead of a comment. */
    thread_id: id.optional(),
    report_text: optionalText(2000).default(''),
  })
  .refine((b) => b.comment_id !== undefined || b.thread_id !== undefined, {
    message: 'comment_id or thread_id is required',
    path: ['comment_id'],
  })
export const reportResponse = okEnvelope(z.object({ id: z.number().int(), status: z.literal('accepted') }))

export const COMPLAINT_TARGETS = ['comment', 'contact', 'thread', 'profile'] as const
export const complaintAddBody = z
  .object({
    target_type: z.enum(COMPLAINT_TARGETS).default('comment'),
    target_id: id.optional(),
    name: textField({ max: LIMITS.nameMaxLength, kind: 'name' }).refine((s) => s.length > 1, 'must be longer than 1 character'),
    email: z.string().trim().max(254).pipe(z.email('must be a valid e-mail address')),
    message: plainText(5000).refine((s) => s.length > 5, 'must be longer than 5 characters'),
    first_name: textField({ max: LIMITS.nameMaxLength, min: 0, kind: 'name' }).optional(),
    last_name: textField({ max: LIMITS.nameMaxLength, min: 0, kind: 'name' }).optional(),
    name_hash: textField({ max: 200, min: 0, kind: 'line' }).optional(),
    profile_id: id.optional(),
    /** The invisible bot check's token, required when the server has one configured. */
    bot_token: z.string().max(4096).optional(),
  })
  .refine((b) => (b.target_type === 'comment' || b.target_type === 'thread' ? b.target_id !== undefined : true), {
    message: 'target_id is required for a comment or thread complaint',
    path: ['target_id'],
  })
export const complaintAddResponse = reportResponse

// ---------- moderation ----------

/**
 * What a moderator removes or edits: a comment, a reply (`thread`), a contact name (the crowd
 * name `name_hash` of the number `phone`, as a contact report names it: every contact-book
 * entry and suggestion giving that name there) or one user's name suggestion (`suggestion`).
 */
export const MODERATION_TARGETS = ['comment', 'thread', 'contact', 'suggestion'] as const

/** The name hash of a contact name, as the number's names list gives it. */
const nameHash = textField({ max: 200, kind: 'line' })

/** Which text: `target_id` for a comment, reply or suggestion; `phone` and `name_hash` for a contact name. */
const moderationTarget = {
  target_type: z.enum(MODERATION_TARGETS),
  target_id: id.optional(),
  phone: phone.optional(),
  name_hash: nameHash.optional(),
}
const targetNamed = (b: { target_type: (typeof MODERATION_TARGETS)[number]; target_id?: number; phone?: string; name_hash?: string }) =>
  b.target_type === 'contact' ? b.phone !== undefined && b.name_hash !== undefined : b.target_id !== undefined
const targetMessage = { message: 'target_id is required, or phone and name_hash for a contact name', path: ['target_id'] }

export const moderationQueueQuery = z.object({
  kind: z.enum(['report', 'complaint', 'all']).default('all'),
  /** Open items (oldest first), or closed ones: resolved or rejected (latest closed first). */
  status: z.enum(['open', 'closed']).default('open'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
})

export const moderationLogEntry = z.object({
  id: z.number().int(),
  action: z.enum(['remove', 'edit', 'resolve']),
  moderatorId: z.number().int(),
  createdAtTimestamp: z.number().int(),
  /** For a resolve: how the item was closed. */
  status: z.enum(['resolved', 'rejected']).nullable(),
  /** For a remove: the reason given, if any. */
  reason: z.string().nullable(),
  /** For a remove or an edit: the text as it was before. */
  before: z.string().nullable(),
})
export type ModerationLogEntry = z.infer<typeof moderationLogEntry>

export const moderationQueueItem = z.object({
  kind: z.enum(['report', 'complaint']),
  id: z.number().int(),
  targetType: z.string(),
  targetId: z.number().int().nullable(),
  /** The report text, or the complaint message. */
  text: z.string(),
  createdAtTimestamp: z.number().int(),
  reporter: z.object({
    profileId: z.number().int().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** Complaint extras (first_name, last_name, name_hash, profile_id); for a contact report: name_hash, first_name, last_name. */
  extra: z.record(z.string(), z.unknown()).nullable(),
  status: z.enum(['open', 'resolved', 'rejected']),
  resolvedAtTimestamp: z.number().int().nullable(),
  /**
   * The reported text as it is now; null when the target is not a comment, reply or contact
   * name, or is gone. For a contact name: the name as it shows (as the reporter saw it once
   * removed), no single author (`authorId` and `commentId` null).
   */
  target: z
    .object({
      text: z.string(),
      authorId: z.number().int().nullable(),
      phoneNumber: z.string(),
      commentId: z.number().int().nullable(),
      removed: z.boolean(),
      /** The author's own name, if they set one. */
      authorName: z.string().nullable(),
      /** The author's removals after complaints on this number, and whether they may no longer post there. */
      removalsAfterComplaint: z.number().int(),
      postingBanned: z.boolean(),
    })
    .nullable(),
  /** Moderators' actions on this item and on its text, oldest first. */
  log: z.array(moderationLogEntry),
})
export type ModerationQueueItem = z.infer<typeof moderationQueueItem>
export const moderationQueueResponse = okEnvelope(z.object({ items: z.array(moderationQueueItem), total: z.number().int() }))

export const moderationRemoveBody = z
  .object({
    ...moderationTarget,
    reason: optionalText(2000).default(''),
    complaint_id: id.optional(),
    report_id: id.optional(),
  })
  .refine(targetNamed, targetMessage)
export const moderationRemoveResponse = okEnvelope(
  z.object({
    removed: z.boolean(),
    /** Removals of this author's texts on this number that followed a complaint (0 for a contact name, which has no single author). */
    removalsAfterComplaint: z.number().int(),
    /** The author can no longer post on this number. */
    postingBanned: z.boolean(),
  }),
)

export const moderationEditBody = z
  .object({
    ...moderationTarget,
    /** The new text; for a contact name or suggestion, the whole name as it is to show (at most LIMITS.nameMaxLength). */
    text: plainText(LIMITS.commentMaxLength),
  })
  .refine(targetNamed, targetMessage)
  .superRefine((b, ctx) => {
    if (b.target_type !== 'contact' && b.target_type !== 'suggestion') return
    const problem =
      charLength(b.text) > LIMITS.nameMaxLength ? `a name is at most ${LIMITS.nameMaxLength} characters` : textProblem(b.text, 'name')
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['text'] })
  })

export const moderationResolveBody = z.object({
  kind: z.enum(['report', 'complaint']),
  id,
  status: z.enum(['resolved', 'rejected']),
})

// ---------- hide a review (coin-paid comment subscription) ----------

export const commentSubscriptionBody = z.object({ comment_id: id })
export const commentSubscriptionResponse = okEnvelope(
  z.object({
    comment_id: z.number().int(),
    status: z.enum(['active', 'cancelled', 'lapsed']),
    autoRenew: z.boolean(),
    hiddenBy: z.number().int().nullable(),
    /** When the current paid month ends (Unix seconds). */
    endDateTimestamp: z.number().int().nullable(),
    balance: z.number().int(),
  }),
)
