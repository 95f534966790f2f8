import { z } from 'zod'
import { LIMITS } from '../constants'
import { disputeState } from './dispute-state'
import { okEnvelope } from './envelope'

/** The number-profile shape of SPEC.md section 3, every field present, defaults where no data. */
const person = z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() })

export const threadReply = z.object({
  id: z.number().int(),
  profile_id: z.number().int(),
  text: z.string(),
  createdAtTimestamp: z.number().int(),
  updatedAtTimestamp: z.number().int().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatar: z.string().nullable(),
  likes: z.number().int(),
  dislikes: z.number().int(),
  commentUps: z.number().int(),
  hasLike: z.boolean(),
  hasDislike: z.boolean(),
  hasCommentUp: z.boolean(),
  hiddenBy: z.number().int().nullable(),
  endDateTimestamp: z.number().int().nullable(),
})

/** Reaction counts and the viewer's own reactions, as a comment or reply carries them. */
export const reactionCounts = threadReply.pick({
  likes: true,
  dislikes: true,
  commentUps: true,
  hasLike: true,
  hasDislike: true,
  hasCommentUp: true,
})

/** A comment carries everything a reply does, plus its thread. */
export const comment = threadReply.extend({
  thread_count: z.number().int(),
  thread: z.array(threadReply),
})
export type Comment = z.infer<typeof comment>

/** A user on an introduction, named as the viewer knows them (their own contact book first). */
const fofPerson = person.extend({ id: z.number().int() })

/**
 * An introduction request's state (DESIGN.md section 9): pending until a contact asked
 * accepts (accepted), all of them decline (declined) or 7 days pass (expired); declined
 * and expired requests are refunded once.
 */
export const FOF_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'expired'] as const
export type FofRequestStatus = (typeof FOF_REQUEST_STATUSES)[number]
/** A contact's answer to an introduction request. */
export const FOF_ANSWERS = ['pending', 'accepted', 'declined'] as const

export const fofOutgoingRequest = z.object({
  id: z.number().int(),
  type: z.string(),
  status: z.enum(FOF_REQUEST_STATUSES),
  countFriends: z.number().int(),
  createdAtTimestamp: z.number().int(),
  /** The coins came back (declined by every contact asked, or expired). */
  refunded: z.boolean(),
  /** Once accepted: the contact who knows the number; null before, or when that account is deactivated. */
  acceptedBy: fofPerson.nullable(),
})
export type FofOutgoingRequest = z.infer<typeof fofOutgoingRequest>

export const fofIncomingRequest = z.object({
  id: z.number().int(),
  /** Who asked; null when that account is deactivated. */
  requester: fofPerson.nullable(),
  status: z.enum(FOF_REQUEST_STATUSES),
  myAnswer: z.enum(FOF_ANSWERS),
  createdAtTimestamp: z.number().int(),
})
export type FofIncomingRequest = z.infer<typeof fofIncomingRequest>

const tagCount = z.object({ id: z.number().int(), code: z.string(), name: z.string(), count: z.number().int() })
export type TagCount = z.infer<typeof tagCount>

export const evidenceItem = z.object({
  kind: z.enum(['reports', 'bans', 'comments', 'polls', 'imported']),
  source: z.string(),
  label: z.string(),
  votes: z.number(),
  weight: z.number(),
  direction: z.enum(['negative', 'positive', 'neutral']),
  /** An upheld dispute of the number's owner discounted it: listed, but not counted in the index. */
  discounted: z.boolean().optional(),
})
export type EvidenceItem = z.infer<typeof evidenceItem>

export const numberProfile = z.object({
  suggestedProfile: person,
  averageProfile: person.extend({ id: z.number().int().nullable() }),
  profile: person.extend({
    id: z.number().int().nullable(),
    antispy_subscription: z.boolean(),
    is_pro: z.boolean(),
  }),
  ui: z.object({ avatar: z.string().nullable(), branding: z.string().nullable() }),
  metrics: z.object({
    bans: z.number().int(),
    commentsCount: z.number().int(),
    contactsCount: z.number().int(),
    index: z.number(),
    isVerified: z.boolean(),
    isUnwanted: z.boolean(),
    isManyCalls: z.boolean(),
    isHidden: z.boolean(),
  }),
  phone: z.object({ region: z.string().nullable(), carrier: z.string().nullable(), number: z.string() }),
  common: z.object({
    leftRequests: z.number().int(),
    spy_subscription: z.boolean(),
    /** The viewer blocked this number (SPEC.md `isBanned`, the ban button). */
    isBanned: z.boolean(),
    /**
     * The viewer lost the right to put any text on this number (DESIGN.md section 5,
     * "Moderation"): no comment, reply or name suggestion, and the names their contact book
     * gives it do not show. The web app shows why instead of the forms.
     */
    postingBanned: z.boolean(),
    isPaidRequest: z.boolean(),
    balance: z.number().int(),
    profileView: z.string(),
    myAvatarId: z.number().int().nullable(),
    showNames: z.boolean(),
  }),
  paidAlert: z.object({ show: z.boolean(), paidSearchPrice: z.number().int() }),
  pinnedComment: comment.nullable(),
  myComment: comment.nullable(),
  comments: z.array(comment),
  tagsTop: z.object({
    callerType: tagCount.nullable(),
    categories: z.array(tagCount),
    subcategories: z.array(tagCount),
    callReasons: z.array(tagCount),
    emotags: z.array(tagCount),
  }),
  polls: z.object({
    show: z.object({ onComment: z.boolean(), onBan: z.boolean(), onPage: z.boolean() }),
    pollAnswers: z.array(z.number().int()),
  }),
  notice: z.object({ id: z.number().int(), text: z.string() }).nullable(),
  fof: z.object({
    hasContacts: z.boolean(),
    requests: z.object({
      /** Requests about this number that the viewer was asked to answer. */
      incoming: z.array(fofIncomingRequest),
      /** The viewer's own requests to be introduced to this number's owner, newest first. */
      outgoing: z.array(fofOutgoingRequest),
    }),
    /** The viewer's contacts who have this number saved (friends of friends). */
    list: z.array(fofPerson),
    knownList: z.array(z.unknown()),
    priceDirectly: z.number().int(),
    /** The same list as `requests.incoming` (the field name of SPEC.md section 3). */
    myIncomingRequests: z.array(fofIncomingRequest),
  }),
  neuroanalysis: z
    .object({
      neuroanalysisId: z.number().int().nullable(),
      link: z.string().nullable(),
      age: z.string().nullable(),
      neurotype: z.string().nullable(),
      is_shared: z.boolean(),
      metrics: z.record(z.string(), z.number()),
      description: z.string().nullable(),
      /** False for a free user: only the headline (caller kind and risk); the rest comes with a plan. */
      full: z.boolean(),
    })
    .nullable(),
  /** Why the index is what it is: the evidence behind it. */
  evidence: z.array(evidenceItem),
  /** The number's latest dispute by its owner: open (under review), upheld or rejected; null when never contested. */
  dispute: disputeState.nullable(),
  targetPhoneNumber: z.string(),
  isFetchError: z.boolean(),
})
export type NumberProfile = z.infer<typeof numberProfile>

/** Profile of a number nobody has said anything about yet. */
export function emptyNumberProfile(digits: string): NumberProfile {
  return {
    suggestedProfile: { firstName: null, lastName: null },
    averageProfile: { id: null, firstName: null, lastName: null },
    profile: { id: null, firstName: null, lastName: null, antispy_subscription: false, is_pro: false },
    ui: { avatar: null, branding: null },
    metrics: {
      bans: 0,
      commentsCount: 0,
      contactsCount: 0,
      index: LIMITS.defaultProfileIndex,
      isVerified: false,
      isUnwanted: false,
      isManyCalls: false,
      isHidden: false,
    },
    phone: { region: null, carrier: null, number: `+${digits}` },
    common: {
      leftRequests: LIMITS.defaultLeftRequests,
      spy_subscription: false,
      isBanned: false,
      postingBanned: false,
      isPaidRequest: false,
      balance: 0,
      profileView: 'DEFAULT',
      myAvatarId: null,
      showNames: true,
    },
    paidAlert: { show: false, paidSearchPrice: LIMITS.defaultPaidSearchPrice },
    pinnedComment: null,
    myComment: null,
    comments: [],
    tagsTop: { callerType: null, categories: [], subcategories: [], callReasons: [], emotags: [] },
    polls: { show: { onComment: false, onBan: false, onPage: false }, pollAnswers: [] },
    notice: null,
    fof: {
      hasContacts: false,
      requests: { incoming: [], outgoing: [] },
      list: [],
      knownList: [],
      priceDirectly: LIMITS.defaultPriceDirectly,
      myIncomingRequests: [],
    },
    neuroanalysis: null,
    evidence: [],
    dispute: null,
    targetPhoneNumber: digits,
    isFetchError: false,
  }
}

export const searchParams = z.object({
  number: z.string().min(1).max(64),
})
export const searchQuery = z.object({
  locale: z.string().max(16).optional(),
  paidSearch: z.enum(['1', '0']).optional().default('0'),
  source: z.enum(['WEB', 'FROM_COMMENTS', 'APP']).optional().default('WEB'),
})
export const searchResponse = okEnvelope(numberProfile)
