import { z } from 'zod'
import { LIMITS } from '../constants'
import { textField } from '../text'
import { okEnvelope } from './envelope'
import { numberProfile } from './number-profile'

/**
 * What a user says about a number for themselves (notes, name suggestions, bans,
 * poll answers), contact books and the names in them, other users' profile
 * pages, neuro-analysis, and the privacy switches. DESIGN.md sections 3 and 5.
 */

/** A phone number as the user typed it; read with the user's own region. */
export const phoneInput = textField({ max: 64, kind: 'line' })
/** A user id as the client sends it (form data and query strings are text). */
export const profileIdInput = z.coerce.number().int().positive().max(2_147_483_647)
/** The hash of a saved contact name (see `contactNameHash`). */
export const nameHashInput = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{32}$/, 'must be a contact name hash')
const optionalName = textField({ max: LIMITS.nameMaxLength, min: 0, kind: 'name' }).optional()

// ---- Private notes ----
export const noteAddBody = z.object({ phone: phoneInput, text: textField({ max: LIMITS.noteMaxLength }) })
export const noteAddResponse = okEnvelope(z.object({ id: z.number().int(), text: z.string() }))
export const phoneBody = z.object({ phone: phoneInput })

// ---- Name suggestions ----
export const suggestAddBody = z.object({ phone: phoneInput, first_name: optionalName, last_name: optionalName })
export const suggestAddResponse = okEnvelope(z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }))

// ---- Contact books ----
export const CONTACT_SKIP_REASONS = ['no_phone', 'invalid_phone', 'no_name', 'duplicate', 'own_number', 'too_many'] as const
export type ContactSkipReason = (typeof CONTACT_SKIP_REASONS)[number]
/** Most entries one upload may hold; the rest is skipped as `too_many`. */
export const CONTACTS_MAX_PER_UPLOAD = 20_000

/** `file`: a vCard 3/4 or CSV file (name and phone columns), as multipart/form-data. */
export const contactsUploadBody = z.object({
  file: z.unknown().meta({ description: 'vCard (3.0/4.0) or CSV file with name and phone columns', type: 'string', format: 'binary' }),
})
/**
 * `read` counts entries: one per phone number found, and one for each card or row
 * without a usable number, so `read = saved + sum(skipped)`.
 */
export const contactsUploadReport = z.object({
  format: z.enum(['vcard', 'csv']),
  read: z.number().int(),
  saved: z.number().int(),
  skipped: z.record(z.string(), z.number().int()),
})
export type ContactsUploadReport = z.infer<typeof contactsUploadReport>
export const contactsUploadResponse = okEnvelope(contactsUploadReport)

export const contactName = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name_hash: z.string(),
  /** Users who saved the number under this name. */
  count: z.number().int(),
  /** Likes minus dislikes. */
  reviewResult: z.number().int(),
  likes: z.number().int(),
  dislikes: z.number().int(),
  hasLike: z.boolean(),
  hasDislike: z.boolean(),
})
export type ContactName = z.infer<typeof contactName>
export const contactsByPhoneQuery = z.object({ phone: phoneInput })
export const contactsByProfileQuery = z.object({ profile_id: profileIdInput })
export const contactsResponse = okEnvelope(z.object({ contacts: z.array(contactName) }))

const likeFields = {
  action_type: z.enum(['ADD', 'REMOVE']),
  like_type: z.enum(['LIKE', 'DISLIKE']),
  name_hash: nameHashInput,
}
export const contactLikeBody = z.object({ ...likeFields, phone: phoneInput })
export const contactLikeByProfileBody = z.object({ ...likeFields, profile_id: profileIdInput })
export const contactLikeResponse = okEnvelope(contactName)

const reportFields = {
  report_text: textField({ max: LIMITS.commentMaxLength }),
  first_name: optionalName,
  last_name: optionalName,
  name_hash: nameHashInput,
}
export const reportContactBody = z.object({ ...reportFields, phone: phoneInput })
export const reportContactByProfileBody = z.object({ ...reportFields, profile_id: profileIdInput })
export const reportResponse = okEnvelope(z.object({ id: z.number().int(), status: z.enum(['open', 'resolved', 'rejected']) }))

// ---- Polls (tags) and bans ----
export const POLLS = ['onComment', 'onBan', 'onPage'] as const
/** Tag ids: `1,2,3`, or the field repeated. */
export const pollAnswers = z
  .union([z.string().max(512), z.number().int(), z.array(z.union([z.string().max(512), z.number().int()])).max(50)])
  .transform((v, ctx) => {
    const parts = (Array.isArray(v) ? v : [v])
      .flatMap((s) => String(s).split(','))
      .map((s) => s.trim())
      .filter(Boolean)
    const ids: number[] = []
    for (const p of parts) {
      if (!/^\d{1,9}$/.test(p)) {
        ctx.addIssue({ code: 'custom', message: 'answers must be tag ids' })
        return z.NEVER
      }
      if (!ids.includes(Number(p))) ids.push(Number(p))
    }
    if (ids.length > 30) {
      ctx.addIssue({ code: 'custom', message: 'too many answers' })
      return z.NEVER
    }
    return ids
  })
export const pollAnswerBody = z.object({ phone: phoneInput, poll: z.enum(POLLS), answers: pollAnswers.optional().default([]) })
const reputationState = z.object({
  index: z.number(),
  bans: z.number().int(),
  isBanned: z.boolean(),
  pollAnswers: z.array(z.number().int()),
})
export const reputationStateResponse = okEnvelope(reputationState)

// ---- Profiles of users ----
export const profileParams = z.object({ profileId: profileIdInput })
export const profileQuery = z.object({
  locale: z.string().max(16).optional(),
  paidSearch: z.enum(['1', '0']).optional().default('0'),
  source: z.enum(['WEB', 'FROM_COMMENTS', 'APP']).optional().default('FROM_COMMENTS'),
})
export const profileResponse = okEnvelope(numberProfile)

export const neuroanalysisQuery = z.object({ phone: phoneInput })
export const neuroanalysisResponse = okEnvelope(z.object({ neuroanalysis: numberProfile.shape.neuroanalysis }))

// ---- Privacy switches ----
const onOff = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on', 'off'])])
  .transform((v) => v === true || v === '1' || v === 'true' || v === 'on')
export const antispyBody = z.object({ value: onOff })
export const antispyResponse = okEnvelope(z.object({ antispy: z.boolean() }))
export const profileGoingBody = z.object({ flag: onOff })
export const profileGoingResponse = okEnvelope(z.object({ profile_going: z.boolean() }))

// ---------- friends of friends ----------

/** POST /api/v6/fof/request: ask the contacts who know a number to introduce you; costs priceDirectly coins once. */
export const fofRequestBody = z.object({ phone: phoneInput })
export const fofRequestResponse = okEnvelope(
  z.object({
    request: numberProfile.shape.fof.shape.requests.shape.outgoing.element,
    /** False when an earlier request for this number is still pending: nothing was charged again. */
    created: z.boolean(),
    balance: z.number().int(),
  }),
)
