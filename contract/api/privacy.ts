/**
 * The account side of DESIGN.md section 9: deleting privacy data, deactivation, the
 * own name, notification settings and the coin ledger. POST takes form data or JSON.
 */
import { z } from 'zod'
import { ANALYTICS_KINDS } from '../analytics'
import { LIMITS } from '../constants'
import { textField } from '../text'
import { okEnvelope } from './envelope'
import { routePattern } from './route-pattern'

/**
 * What `POST /api/v6/privacy/delete` removed, per kind (a second call removes nothing and says so).
 * `lookups` is every record of a look-up by the user (what other owners' "who looked me up" lists
 * are made of), those already cleared from the history included; `history` is the part of them the
 * history list still showed. `contacts` counts the uploaded contact-book entries (the user's likes
 * and dislikes of names go with them).
 */
export const privacyDeleteResponse = okEnvelope(
  z.object({
    deleted: z.object({
      history: z.number().int(),
      contacts: z.number().int(),
      notes: z.number().int(),
      lookups: z.number().int(),
    }),
  }),
)

/** `POST /api/v6/profile/deactivate` with `cancel=1` (SPEC.md section 7). */
export const deactivateBody = z.object({ cancel: z.union([z.literal('1'), z.literal(1), z.literal(true)]) })
export const deactivateResponse = okEnvelope(
  z.object({
    deactivatedAtTimestamp: z.number().int(),
    /** Signing in again before this restores everything; after it the purge job erases the personal data. */
    restoreUntilTimestamp: z.number().int(),
  }),
)

/** A name part under the text policy (one line, no controls); empty (or only spaces) clears it. */
const namePart = textField({ max: LIMITS.nameMaxLength, min: 0, kind: 'name' })

/** `POST /api/v6/profile/name`: your own name, shown as `profile` on your number's page. Empty clears; a part left out stays. */
export const profileNameBody = z.object({
  first_name: namePart.optional(),
  last_name: namePart.optional(),
})
export const profileNameResponse = okEnvelope(z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }))

/** Notification kinds; the settings flags of SPEC.md section 3 plus replies. */
export const NOTIFICATION_KINDS = ['reply', 'newNotice', 'newContactName', 'commonAcquaintances'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const notificationSettings = z.object({
  reply: z.boolean(),
  newNotice: z.boolean(),
  newContactName: z.boolean(),
  commonAcquaintances: z.boolean(),
  deliverWithoutSound: z.boolean(),
})
export type NotificationSettings = z.infer<typeof notificationSettings>
const onOff = z.union([z.boolean(), z.enum(['1', '0', 'true', 'false'])]).transform((v) => v === true || v === '1' || v === 'true')
/**
 * `POST /api/v6/notifications/settings`: any of the flags, `1`/`0`; the others stay. Other
 * keys are ignored, but a body with none of the flags is a 400 (it would change nothing).
 */
export const notificationSettingsBody = z
  .object({
    reply: onOff.optional(),
    newNotice: onOff.optional(),
    newContactName: onOff.optional(),
    commonAcquaintances: onOff.optional(),
    deliverWithoutSound: onOff.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: `give at least one of ${Object.keys(notificationSettings.shape).join(', ')}`,
  })
export const notificationSettingsResponse = okEnvelope(notificationSettings)

/** `GET /api/v6/numcy/ledger`: the coin ledger, newest first, paged. */
export const ledgerQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export const ledgerEntry = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  /** purchase, plan_coins, refund, comment_up, hide_review, paid_search, fof_request, grant... */
  reason: z.string(),
  createdAtTimestamp: z.number().int(),
})
export type LedgerEntry = z.infer<typeof ledgerEntry>
export const ledgerResponse = okEnvelope(z.object({ items: z.array(ledgerEntry), total: z.number().int() }))

/** `POST /api/v6/analytics`: a page view or a search, counted per day, route and language; nothing about who. */
export const analyticsBody = z.object({
  kind: z.enum(ANALYTICS_KINDS),
  route: routePattern,
  /** A language tag: `ru-RU`, `en`. */
  locale: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8}){0,2}$/, 'must be a language tag such as ru-RU'),
})
