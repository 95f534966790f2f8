import { sql, type SQL } from 'drizzle-orm'

/**
 * Every PostgreSQL advisory lock the server takes, in one table, so that no two uses share a
 * key (the seed once took the renewal job's 727275). Single keys are whole-server work that
 * one process does at a time; keyed locks use PostgreSQL's two-key form, the first key naming
 * the kind, so they never meet a single key nor each other's kinds.
 */
export const LOCKS = {
  /** Migrations at start: several servers starting on one PostgreSQL take turns. */
  migrate: 727274,
  /** The job that renews hidden reviews (coins/renewal-job.ts). */
  renewalJob: 727275,
  /** The job that renews and expires plans (payments/index.ts). */
  planExpiryJob: 727276,
  /** The demo data, written once (db/seed.ts). */
  seed: 727277,
  /** The tag table, upserted at every start (db/seed-tags.ts). */
  seedTags: 727278,
  /** The job that expires introduction requests (fof/expiry-job.ts). */
  fofExpiryJob: 727280,
  /** The job that erases accounts deactivated 30 days ago (privacy/purge-job.ts). */
  purgeJob: 727281,
  /** The job that refreshes the PhoneBlock/CardDAV blocklist from the evidence (blocklist/job.ts). */
  blocklistJob: 727282,
} as const

/** The kinds of keyed locks: the first key of the two-key form. */
const KEYED = {
  /** One flash-call sign-in decision at a time per phone number (auth/code-repository.ts). */
  flashcall: 1,
  /** One import of a source at a time, share by share (db/import/stage.ts). */
  importSource: 2,
  /** One introduction request at a time per person and number (fof/repository.ts). */
  introduction: 3,
} as const

/** SQL taking a lock of the table for the rest of the transaction. */
export const transactionLock = (key: (typeof LOCKS)[keyof typeof LOCKS]): SQL => sql`select pg_advisory_xact_lock(${key})`

/** SQL taking a keyed lock for the rest of the transaction: `kind` and the key's parts. */
export const keyedTransactionLock = (kind: keyof typeof KEYED, ...parts: Array<string | number>): SQL =>
  sql`select pg_advisory_xact_lock(${KEYED[kind]}, hashtext(${parts.join(':')}))`
