/**
 * The PhoneBlock-compatible API under `/phoneblock/api/` (DESIGN.md section 10, issue 32):
 * what its clients (PhoneBlock's app, SpamBlocker, the dongle) send. Answers are compact JSON
 * or XML, written by the server as those clients parse them (no envelope).
 */
import { z } from 'zod'
import { textField } from '../text'

/** PhoneBlock's ratings, worst last. */
export const PHONEBLOCK_RATINGS = ['A_LEGITIMATE', 'B_MISSED', 'C_PING', 'D_POLL', 'E_ADVERTISING', 'F_GAMBLE', 'G_FRAUD'] as const
export type PhoneblockRating = (typeof PHONEBLOCK_RATINGS)[number]

/** A comment sent with a rating has at most this many characters. */
export const PHONEBLOCK_COMMENT_MAX = 1000

const sha1 = (field: string) => z.string().regex(/^[0-9a-fA-F]{40}$/, `${field} is a SHA-1 in hex (40 digits)`)
const format = z.enum(['json', 'xml'], { message: 'format is json or xml' }).optional()

export const phoneblockCheckQuery = z.object({
  sha1: sha1('sha1'),
  prefix10: sha1('prefix10').optional(),
  prefix100: sha1('prefix100').optional(),
  format,
})

export const phoneblockNumParams = z.object({
  phone: z.string().min(1, 'phone is missing').max(64, 'phone is not a phone number'),
})
export const phoneblockFormatQuery = z.object({ format })

export const phoneblockCheckPrefixQuery = z.object({
  sha1: z.string().regex(/^[0-9a-fA-F]{4,40}$/, 'sha1 is 4 to 40 hex digits'),
})

export const phoneblockRateBody = z.object({
  phone: z.string().trim().min(1, 'phone is missing').max(64, 'phone is not a phone number'),
  rating: z.enum(PHONEBLOCK_RATINGS, { message: `rating is one of ${PHONEBLOCK_RATINGS.join(', ')}` }),
  /** Kept as the person's comment on the number (the same moderation as a comment from the web app); empty means none. */
  comment: textField({ max: PHONEBLOCK_COMMENT_MAX, min: 0 }).optional(),
})

export const phoneblockBlocklistQuery = z.object({
  since: z.coerce
    .number({ message: 'since is a version number' })
    .int('since is a version number')
    .min(0, 'since is a version number')
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
  format,
})
