/**
 * The whole data model of the product. PostgreSQL dialect, shared by PGlite and
 * PostgreSQL. Numbers are E.164 strings; timestamps are timestamptz.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  date,
  doublePrecision,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const ts = (name: string) => timestamp(name, { withTimezone: true })

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role', { enum: ['user', 'moderator', 'admin'] })
      .notNull()
      .default('user'),
    locale: text('locale'),
    balance: integer('balance').notNull().default(0),
    antispy: boolean('antispy').notNull().default(false),
    profileGoing: boolean('profile_going').notNull().default(true),
    overlimit: boolean('overlimit').notNull().default(false),
    /**
     * The plan (DESIGN.md section 8) and the end of its paid period, kept by fulfilment:
     * `is_pro`, `spy_subscription`, the daily limit and the full neuro-analysis hold
     * while the end is in the future (server/db/entitlements.ts).
     */
    planTier: text('plan_tier', { enum: ['tier1', 'tier2'] }),
    planExpiresAt: ts('plan_expires_at'),
    deactivatedAt: ts('deactivated_at'),
    /** Set by the purge job 30 days after deactivation: personal data erased, phone replaced (DESIGN.md section 9). */
    purgedAt: ts('purged_at'),
    /** Notification kinds the user wants (DESIGN.md section 9); all on by default. */
    notifyReply: boolean('notify_reply').notNull().default(true),
    notifyNewNotice: boolean('notify_new_notice').notNull().default(true),
    notifyNewContactName: boolean('notify_new_contact_name').notNull().default(true),
    notifyCommonAcquaintances: boolean('notify_common_acquaintances').notNull().default(true),
    /** `deliverWithoutSound`: the web app plays no sound on a new notification. */
    deliverWithoutSound: boolean('deliver_without_sound').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_phone_uq').on(t.phone), check('users_balance_nonneg', sql`${t.balance} >= 0`)],
)

/** Every phone number the product knows anything about. */
export const numbers = pgTable(
  'numbers',
  {
    id: serial('id').primaryKey(),
    e164: text('e164').notNull(),
    country: text('country'),
    /** Hex SHA-256 of the E.164 string, for the private look-up by hash prefix (GET /api/v1/check-prefix). */
    sha256: text('sha256').generatedAlwaysAs(sql`encode(sha256(e164::bytea), 'hex')`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('numbers_e164_uq').on(t.e164), index('numbers_sha256_prefix_idx').on(sql`left(${t.sha256}, 5)`)],
)

export const authCodes = pgTable(
  'auth_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    deviceId: text('device_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
    agreedAt: ts('agreed_at'),
    confirmedPhone: text('confirmed_phone'),
    confirmedVia: text('confirmed_via'),
    confirmedAt: ts('confirmed_at'),
    exchangedAt: ts('exchanged_at'),
    /** Messenger chat that started sign-in with this code (Telegram chat id, Viber user id). */
    providerChat: text('provider_chat'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_codes_code_idx').on(t.code), index('auth_codes_chat_idx').on(t.providerChat)],
)

/** Issued tokens; logout and deactivation revoke them. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/**
 * Device passwords (DESIGN.md section 10): one per phone, router or app, for the
 * PhoneBlock-compatible API and CardDAV. Only the SHA-256 of the password is kept (it is 32
 * random bytes, so a slow hash adds nothing); revoked at once, and with every session.
 */
export const devicePasswords = pgTable(
  'device_passwords',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['phone', 'router', 'app'] }).notNull(),
    maxEntries: integer('max_entries'),
    secretHash: text('secret_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('device_passwords_secret_idx').on(t.secretHash), index('device_passwords_user_idx').on(t.userId)],
)

/** Provider deliveries already handled (webhooks retry). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
)

/** Entries of contact books users uploaded: who saved a number under which name. */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    numberId: integer('number_id')
      .notNull()
      .references(() => numbers.id),
    firstName: text('first_name'),
    lastName: text('last_name'),
    nameHash: text('name_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('contacts_owner_number_uq').on(t.ownerId, t.numberId), index('contacts_number_idx').on(t.numberId)],
)

export const contactVotes = pgTable(
  'contact_votes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    numberId: integer('number_id')
      .notNull()
      .references(() => numbers.id),
    nameHash: text('name_hash').notNull(),
    likeType: text('like_type', { enum: ['LIKE', 'DISLIKE'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.numberId, t.nameHash] })],
)

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    numberId: integer('number_id')
      .notNull()
      .references(() => numbers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
    commentUps: integer('comment_ups').notNull().default(0),
    pinned: boolean('pinned').notNull().default(false),
    hiddenBy: integer('hidden_by').references(() => users.id),
    hiddenUntil: ts('hidden_until'),
    removedAt: ts('removed_at'),
    removedBy: integer('removed_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
  },
  (t) => [uniqueIndex('comments_user_number_uq').on(t.userId, t.numberId), index('comments_number_idx').on(t.numberId)],
)

export const threadReplies = pgTable(
  'thread_replies',
  {
    id: serial('id').primaryKey(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
    commentUps: integer('comment_ups').notNull().default(0),
    removedAt: ts('removed_at'),
    removedBy: integer('removed_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
  },
  (t) => [index('thread_replies_comment_idx').on(t.commentId)],
)

/** Likes, dislikes and comment-ups on comments and thread replies. */
export const reactions = pgTable(
  'reactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['comment', 'thread'] }).notNull(),
    targetId: integer('target_id').notNull(),
    kind: text('kind', { enum: ['LIKE', 'DISLIKE', 'COMMENT_UP'] }).notNull(),
    amount: integer('amount').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('reactions_target_idx').on(t.targetType, t.targetId), index('reactions_user_idx').on(t.userId)],
)

export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    numberId: integer('number_id')
      .notNull()
      .references(() => numbers.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('notes_user_number_uq').on(t.userId, t.numberId)],
)

export const nameSuggestions = pgTable(
  'name_suggestions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    numberId: integer('number_id')
      .notNull()
      .references(() => numbers.id),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /**
     * `contactNameHash` of the name: suggestions with the same hash are the same name
     * (trimmed, case-insensitive). Once two users suggest it, it counts like a contact-book entry.
     */
    nameHash: text('name_hash').notNull(),
    /** A moderator removed it (issue 33): it no longer counts; suggesting again brings it back, as with a comment. */
    removedAt: ts('removed_at'),
    removedBy: integer('removed_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('name_suggestions_user_number_uq').on(t.userId, t.numberId),
    index('name_suggestions_number_hash_idx').on(t.numberId, t.nameHash),
  ],
)

/** Tag catalogue: caller types, categories, subcategories, call reasons, emotags. */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['callerType', 'category', 'subcategory', 'callReason', 'emotag'] }).notNull(),
    code: text('code').notNull(),
    /** Sign of the tag's effect on the reputation index: -1 against, 1 for, 0 neutral. */
    polarity: smallint('polarity').notNull().default(0),
  },
  (t) => [uniqueIndex('tags_code_uq').on(t.code)],
)

export const pollAnswers = pgTable(
  'poll_answers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    numberId: integer('number_id')
      .notNull()
      .references(() => numbers.id),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id),
    poll: text('poll', { enum: ['onComment', 'onBan', 'onPage'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.numberId, t.tagId] }), index('poll_answers_number_idx').on(t.numberId)],
)

/**
 * Votes from imported public lists: one row per source and number, so imports are idempotent.
 * Only the imports (and the demo seed) write it, taking both ids from the tables in the same
 * statement or transaction, and nothing deletes numbers or tags: it has no foreign keys, whose
 * row-by-row checks were 40 % of a large import's merge (ADR 0036; `import.test.ts` checks
 * every row's number and tag).
 */
export const importedEvidence = pgTable(
  'imported_evidence',
  {
    numberId: integer('number_id').notNull(),
    source: text('source').notNull(),
    tagId: integer('tag_id'),
    label: text('label').notNull(),
    votes: integer('votes').notNull().default(1),
    comment: text('comment'),
    lastSeen: ts('last_seen'),
    importedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.numberId, t.source, t.label] })],
)

export const bans = pgTable(
  'bans',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    numberId: integer('number_id')
      .notNull()
      .references(() => numbers.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.numberId] }), index('bans_number_idx').on(t.numberId)],
)

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['comment', 'thread', 'contact', 'profile'] }).notNull(),
    targetId: integer('target_id'),
    numberId: integer('number_id').references(() => numbers.id),
    nameHash: text('name_hash'),
    /** A contact report: the name as the reporter saw it (the hash alone cannot be read back). */
    firstName: text('first_name'),
    lastName: text('last_name'),
    text: text('text').notNull(),
    status: text('status', { enum: ['open', 'resolved', 'rejected'] })
      .notNull()
      .default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolvedAt: ts('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [index('reports_status_idx').on(t.status)],
)

export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: ['comment', 'contact', 'thread', 'profile'] }).notNull(),
    targetId: integer('target_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    extra: jsonb('extra'),
    status: text('status', { enum: ['open', 'resolved', 'rejected'] })
      .notNull()
      .default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolvedAt: ts('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [index('complaints_status_idx').on(t.status)],
)

/** Users who lost the right to post on a number (text removed a second time after a complaint). */
export const postingBans = pgTable(
  'posting_bans',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    numberId: integer('number_id')
      .notNull()
      .references(() => numbers.id),
    removals: integer('removals').notNull().default(0),
    banned: boolean('banned').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.numberId] })],
)

/**
 * A crowd name of a number (contact books and accepted suggestions, by name hash) a moderator
 * removed or edited (issue 33). Kept by hash, so a contact book uploaded again does not bring
 * a removed name back; an edited one shows `firstName`/`lastName` instead.
 */
export const moderatedNames = pgTable(
  'moderated_names',
  {
    numberId: integer('number_id')
      .notNull()
      .references(() => numbers.id),
    nameHash: text('name_hash').notNull(),
    removed: boolean('removed').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    moderatorId: integer('moderator_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.numberId, t.nameHash] })],
)

export const moderationLog = pgTable('moderation_log', {
  id: serial('id').primaryKey(),
  moderatorId: integer('moderator_id')
    .notNull()
    .references(() => users.id),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: integer('target_id'),
  details: jsonb('details'),
  createdAt: createdAt(),
})

/** The coin ledger: every change of a balance is a row with its reason. */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    ref: text('ref'),
    createdAt: createdAt(),
  },
  (t) => [index('coin_ledger_user_idx').on(t.userId), uniqueIndex('coin_ledger_ref_uq').on(t.reason, t.ref)],
)

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    status: text('status').notNull(),
    period: text('period').notNull().default('month'),
    autoRenewing: boolean('auto_renewing').notNull().default(true),
    expiresAt: ts('expires_at'),
    nextCronAt: ts('next_cron_at'),
    /** The provider's customer (Stripe `cus_…`), for the billing portal. */
    customerRef: text('customer_ref'),
    /** Creation time of the newest provider event applied: an older one arriving late changes nothing. */
    lastEventAt: ts('last_event_at'),
    /** A downgrade waiting for the period's end (ADR 0053): the plan it renews as; null when none. */
    pendingTier: text('pending_tier'),
    pendingPeriod: text('pending_period'),
    /** The Stripe subscription schedule (`sub_sched_…`) that carries that downgrade. */
    scheduleRef: text('schedule_ref'),
    createdAt: createdAt(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId), uniqueIndex('subscriptions_provider_ref_uq').on(t.provider, t.providerRef)],
)

/** Coin-paid hiding of a review on the owner's number (DESIGN.md section 3). */
export const commentSubscriptions = pgTable(
  'comment_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['active', 'cancelled', 'lapsed'] })
      .notNull()
      .default('active'),
    autoRenew: boolean('auto_renew').notNull().default(true),
    endsAt: ts('ends_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('comment_subscriptions_comment_uq').on(t.commentId)],
)

/**
 * Purchases (DESIGN.md section 8): created pending at checkout, paid once by the
 * provider's event, refunded in part or whole. The beneficiary differs from the buyer
 * for a gift. Coins credited and taken back are also ledger rows carrying this id.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Whose coins or plan it is: the buyer, or for a gift the gifted number's account, which
     * fulfilment creates (null until the gift is paid: an unpaid gift changes nothing about its number).
     */
    beneficiaryId: integer('beneficiary_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The number a plan is gifted to (E.164); null for one's own purchase. */
    giftNumber: text('gift_number'),
    provider: text('provider', { enum: ['stripe', 'dev'] }).notNull(),
    /** The provider's id for it (Stripe Checkout Session `cs_…`); null until the session exists. */
    providerRef: text('provider_ref'),
    /** The provider's id of the money movement (Stripe PaymentIntent `pi_…`), which refunds name. */
    intentRef: text('intent_ref'),
    product: text('product').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    coins: integer('coins').notNull().default(0),
    /** `expired`: a checkout of a plan replaced by a newer one before it was paid (ADR 0053). */
    status: text('status', { enum: ['pending', 'paid', 'refunded', 'expired'] })
      .notNull()
      .default('pending'),
    coinsTakenBack: integer('coins_taken_back').notNull().default(0),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    index('payments_intent_idx').on(t.intentRef),
    index('payments_created_idx').on(t.createdAt),
  ],
)

/** One-time keys traded for a session token (DESIGN.md section 8); a key works once. */
export const oneTimeKeys = pgTable('one_time_keys', {
  jti: text('jti').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
})

/** Search history and look-up traces. */
export const searchHistory = pgTable(
  'search_history',
  {
    id: serial('id').primaryKey(),
    // No foreign keys (ADR 0039): a row is written per look-up (one per number and day since issue 30),
    // on the hot path of every counted search, and PostgreSQL's check of both keys
    // was seven eighths of the insert. Both ids come from the search that read them; no code deletes
    // a user or a number (a user's full deletion removes their history itself).
    userId: integer('user_id').notNull(),
    numberId: integer('number_id').notNull(),
    paid: boolean('paid').notNull().default(false),
    /** Hidden from the number's owner because the searcher had anti-spy on. */
    anonymous: boolean('anonymous').notNull().default(false),
    clearedAt: ts('cleared_at'),
    searchedAt: ts('searched_at').notNull().defaultNow(),
    /**
     * The UTC day of the look-up: one row per user, number and day (issue 30). A look-up of a number
     * already looked up that day (`lookedUp`) is free: the page's actions reload it without counting.
     */
    day: date('day')
      .notNull()
      .default(sql`(now() at time zone 'utc')::date`),
    /** Written by a look-up the server answered (counted, paid or of one's own number); not by `history/add` alone. */
    lookedUp: boolean('looked_up').notNull().default(false),
    /** The reputation index the look-up showed (the last one that day). */
    index: doublePrecision('reputation_index'),
  },
  (t) => [
    index('search_history_user_idx').on(t.userId, t.searchedAt),
    index('search_history_number_idx').on(t.numberId),
    uniqueIndex('search_history_user_number_day_uq').on(t.userId, t.numberId, t.day),
  ],
)

/** Searches per user per UTC day, for the daily limit. */
export const dailyUsage = pgTable(
  'daily_usage',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
)

/**
 * A request to be introduced to a number's owner (fof). Status: pending, accepted
 * (a contact asked accepted), declined (all declined) or expired (nobody accepted in
 * 7 days); declined and expired are refunded once (`refundedAt`, ledger row `refund`).
 */
export const introductionRequests = pgTable('introduction_requests', {
  id: serial('id').primaryKey(),
  fromUserId: integer('from_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  numberId: integer('number_id')
    .notNull()
    .references(() => numbers.id),
  type: text('type').notNull().default('DIRECT'),
  status: text('status').notNull().default('pending'),
  countFriends: integer('count_friends').notNull().default(0),
  /** The contact who accepted: the requester learns who knows the number. */
  acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: ts('decided_at'),
  refundedAt: ts('refunded_at'),
  createdAt: createdAt(),
})

/** The contacts asked by an introduction request, each answering once. */
export const introductionAnswers = pgTable(
  'introduction_answers',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => introductionRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'declined'] })
      .notNull()
      .default('pending'),
    answeredAt: ts('answered_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] }), index('introduction_answers_user_idx').on(t.userId)],
)

/**
 * The in-app inbox (DESIGN.md section 9). `refKey` makes writing an event idempotent:
 * one notification per user, kind and key (a reply id, a request id, a name hash...).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reply', 'newNotice', 'newContactName', 'commonAcquaintances'] }).notNull(),
    numberId: integer('number_id').references(() => numbers.id),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    refKey: text('ref_key').notNull(),
    data: jsonb('data'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('notifications_ref_uq').on(t.userId, t.kind, t.refKey), index('notifications_user_idx').on(t.userId, t.createdAt)],
)

/**
 * An owner contesting their number's reputation (DESIGN.md section 9). One open
 * dispute per number. An upheld `new_owner` dispute discounts everything from before
 * `ownedSince`; other upheld disputes discount the evidence kinds in `discount`.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: serial('id').primaryKey(),
    numberId: integer('number_id')
      .notNull()
      .references(() => numbers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: ['new_owner', 'not_spam', 'business'] }).notNull(),
    reasons: text('reasons').notNull(),
    link: text('link'),
    ownedSince: ts('owned_since'),
    status: text('status', { enum: ['open', 'upheld', 'rejected'] })
      .notNull()
      .default('open'),
    /** Evidence kinds (imported, bans, polls) or `source:<name>` the moderator discounted. */
    discount: jsonb('discount').$type<string[]>(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: ts('decided_at'),
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('disputes_open_uq')
      .on(t.numberId)
      .where(sql`${t.status} = 'open'`),
    index('disputes_number_idx').on(t.numberId),
    index('disputes_status_idx').on(t.status),
  ],
)

/** Page views and searches per day, route and language: counts only, nothing about who (SPEC.md section 4: ru-RU only). */
export const analyticsCounts = pgTable(
  'analytics_counts',
  {
    day: date('day').notNull(),
    kind: text('kind', { enum: ['pageview', 'search'] }).notNull(),
    route: text('route').notNull(),
    locale: text('locale').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.route, t.locale] })],
)

/**
 * Real-user metrics (issue 13): one row per LCP, INP or CLS value a sampled page load
 * reported, with the route pattern it was measured on. Nothing about who: no user, no
 * address, no user agent. `npm run vitals:report` reads the 75th percentiles.
 */
export const webVitals = pgTable(
  'web_vitals',
  {
    id: serial('id').primaryKey(),
    metric: text('metric', { enum: ['LCP', 'INP', 'CLS'] }).notNull(),
    route: text('route').notNull(),
    /** Milliseconds for LCP and INP; the unitless layout-shift score for CLS. */
    value: doublePrecision('value').notNull(),
    rating: text('rating', { enum: ['good', 'needs-improvement', 'poor'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('web_vitals_route_metric_created_idx').on(t.route, t.metric, t.createdAt)],
)

/**
 * Answers to money calls sent with an `Idempotency-Key` (issue 11): a retry with the
 * same key from the same user within 24 h gets the first answer and is charged once.
 * `state` is `pending` while the first attempt runs.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and parameters: the same key with another request is refused (422). */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['pending', 'done'] })
      .notNull()
      .default('pending'),
    statusCode: integer('status_code'),
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
)

/**
 * One row per run of `npm run db:import` (issue 12): the file's SHA-256 lets a run of
 * the very file that was the last finished import of its format skip all work.
 * `summary` (the ImportSummary) and `finished_at` are set when the run completes.
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: serial('id').primaryKey(),
    format: text('format').notNull(),
    /** The country national numbers were read in; null when none applied. */
    region: text('region'),
    file: text('file').notNull(),
    sha256: text('sha256').notNull(),
    summary: jsonb('summary'),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('import_runs_format_idx').on(t.format, t.id)],
)

/**
 * The numbers a person has something of their own on (issue 30): a ban, a note, a suggested name,
 * poll answers, a comment, reactions to its comments or replies, a hiding of one of its reviews, an
 * introduction asked for or asked of them, a posting ban. Written by triggers on those tables
 * (migration 0019), whoever writes; never needed to be exact the other way: a mark whose data went
 * only costs a look-up the full read of the viewer's part. A look-up of a number the person has no
 * mark on reads no more of theirs than their contact book's friends who know it.
 */
export const viewerMarks = pgTable(
  'viewer_marks',
  {
    userId: integer('user_id').notNull(),
    numberId: integer('number_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.numberId] })],
)

/**
 * The version of each number's public page (issue 12): bumped at commit, by deferred
 * triggers (migration 0007), by every write to what the page shows of the number to
 * everybody — comments, replies, poll answers, bans, contacts, name suggestions,
 * disputes. A cached public page is served only while its version is current.
 */
export const pageVersions = pgTable('page_versions', {
  numberId: integer('number_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})

/**
 * One row: bumped by writes that change the public page of many numbers at once — a
 * user renamed, deactivated, purged or given a plan (their comments and owned page), an
 * import of lists. Every cached page carries the epoch it was built in.
 */
export const pageEpoch = pgTable('page_epoch', {
  id: integer('id').primaryKey(),
  epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
})

/**
 * The PhoneBlock-compatible blocklist (issue 32, DESIGN.md section 10): one row, holding the
 * blocklist's version (the last one given to a changed entry; only grows) and what the last
 * refresh saw (`importMark`: the last finished import run; `fullAt`: the last refresh of every
 * number, which catches what time's decay moved). Refreshes lock it: one at a time.
 */
export const blocklistState = pgTable('blocklist_state', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  importMark: bigint('import_mark', { mode: 'number' }).notNull().default(0),
  fullAt: ts('full_at'),
})

/**
 * Every number with evidence (imported, banned or tagged) as the blocklist sees it, refreshed
 * from the evidence (blocklist/repository.ts): its votes, PhoneBlock rating, top tag, index and
 * whether it is listed. `version` changes only when what the list shows of it changes (listed
 * or not; votes, rating, label while listed); `pageVersion` is the number's page version
 * (page_versions) the row was computed at. SHA-1s of the number and of it without its last one
 * or two digits serve PhoneBlock's `check` by hash and its ranges.
 */
export const blocklistEntries = pgTable(
  'blocklist_entries',
  {
    numberId: integer('number_id').primaryKey(),
    e164: text('e164').notNull(),
    country: text('country'),
    sha1: text('sha1').notNull(),
    sha1Prefix10: text('sha1_prefix10').notNull(),
    sha1Prefix100: text('sha1_prefix100').notNull(),
    votes: integer('votes').notNull().default(0),
    rating: text('rating').notNull(),
    label: text('label'),
    reputation: doublePrecision('reputation').notNull(),
    /** The page's top label (most-voted tag of imported lists and polls), as the private look-up answers it. */
    topLabel: text('top_label'),
    /** Whether the number has evidence (imported, banned or tagged); null: computed before migration 0020. */
    evidence: boolean('evidence'),
    listed: boolean('listed').notNull().default(false),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    pageVersion: bigint('page_version', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blocklist_entries_sha1_uq').on(t.sha1),
    index('blocklist_entries_sha1_left_idx').on(sql`left(${t.sha1}, 4)`),
    index('blocklist_entries_prefix10_idx').on(t.sha1Prefix10),
    index('blocklist_entries_prefix100_idx').on(t.sha1Prefix100),
    index('blocklist_entries_version_idx').on(t.version),
    index('blocklist_entries_listed_idx')
      .on(t.votes.desc(), t.e164)
      .where(sql`listed`),
  ],
)

/**
 * Each person's own blocklist (their bans; a device rating bans or unbans), as the blocklist
 * serves it: a row stays when the number leaves the list (`listed` false) so that its version,
 * from the same sequence as the community list's, shows the change.
 */
export const blocklistPersonal = pgTable(
  'blocklist_personal',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    numberId: integer('number_id').notNull(),
    e164: text('e164').notNull(),
    rating: text('rating').notNull(),
    label: text('label'),
    listed: boolean('listed').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.numberId] }), index('blocklist_personal_user_version_idx').on(t.userId, t.version)],
)
