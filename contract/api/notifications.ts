/** The in-app inbox and answering an introduction request (DESIGN.md section 9). */
import { z } from 'zod'
import { okEnvelope } from './envelope'
import { id } from './community'
import { NOTIFICATION_KINDS } from './privacy'
import { FOF_ANSWERS, FOF_REQUEST_STATUSES } from './number-profile'

const person = z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() })

export const notificationItem = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  createdAtTimestamp: z.number().int(),
  read: z.boolean(),
  /** The number it is about, digits without plus (the commented number, your own number...). */
  phoneNumber: z.string().nullable(),
  /** Who did it (the replier, the commenter, the requester); null when unknown or hidden. */
  actor: person.nullable(),
  /** A short excerpt: the reply or comment text, the new contact name. */
  text: z.string().nullable(),
  /** For commonAcquaintances: the request and this user's answer to it. */
  request: z.object({ id: z.number().int(), answer: z.enum(FOF_ANSWERS), status: z.enum(FOF_REQUEST_STATUSES) }).nullable(),
})
export type NotificationItem = z.infer<typeof notificationItem>

export const notificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export const notificationListResponse = okEnvelope(
  z.object({ items: z.array(notificationItem), total: z.number().int(), unread: z.number().int() }),
)

/** `POST /api/v6/notifications/read`: one (`id`) or all (`all=1`); someone else's id is a 404. */
export const notificationReadBody = z.union([z.object({ id }), z.object({ all: z.union([z.literal('1'), z.literal(1), z.literal(true)]) })])
export const notificationReadResponse = okEnvelope(z.object({ unread: z.number().int() }))

/** `POST /api/v6/fof/answer`: a contact asked accepts or declines; anyone else gets 403. */
export const fofAnswerBody = z.object({ request_id: id, answer: z.enum(['accept', 'decline']) })
export const fofAnswerResponse = okEnvelope(
  z.object({
    requestId: z.number().int(),
    answer: z.enum(['accepted', 'declined']),
    /** The request after this answer: accepted (by anyone), declined (everyone declined: refunded) or still pending. */
    status: z.enum(FOF_REQUEST_STATUSES),
  }),
)
