import { createHash } from 'node:crypto'
import { and, asc, desc, eq, gt, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PhoneblockRating as Rating } from '../../../contract/api/phoneblock'
import { PHONEBLOCK_TAG, TAG_BY_CODE } from '../../../contract/tags'
import { noticeHere } from '../../db/change-feed'
import type { Db } from '../../db/client'
import { preparedStatement, rowsOf } from '../../db/client'
import {
  bans,
  blocklistEntries,
  blocklistPersonal,
  blocklistState,
  importedEvidence,
  importRuns,
  numbers,
  pageVersions,
  pollAnswers,
  tags,
} from '../../db/schema'
import { evidenceFrom, evidenceJson, loadEvidence, readEvidenceRows, type EvidenceRows } from '../numbers/evidence-repository'
import { assess, BLOCK_VOTES, ratingOfTag, type Assessment } from './rating'

/**
 * The community blocklist and each person's own list (DESIGN.md section 10), for the
 * PhoneBlock-compatible API and CardDAV. `blocklist_entries` holds what the evidence says of
 * every number with evidence; a refresh recomputes the numbers whose page version moved (every
 * ban, poll answer and dispute bumps it), all of them after an import or once a day (decay),
 * and gives a changed entry the next version of one sequence (`blocklist_state`), under that
 * row's lock: versions are given in commit order, only grow, and stay when nothing changed.
 */

export type PhoneblockRating = Rating
export interface BlockEntry {
  e164: string
  rating: PhoneblockRating
  votes: number
  /** The top tag's code (`fraud`, `advertising` …; its name is a translation), null when none. */
  label: string | null
  version: number
}

const STATE = 1
const BATCH = 500
/** Every number is looked at again this often, so that time's decay of evidence shows. */
const FULL_EVERY_MS = 24 * 3600_000

export const sha1Hex = (text: string) => createHash('sha1').update(text).digest('hex')
/** The SHA-256 (hex) of a number's E.164 form, as `numbers.sha256` holds it: the private look-up's hash. */
export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')

const bigintOf = (v: unknown) => Number(v ?? 0)

/** The mark of finished imports: a new one means every number is looked at again. */
async function importMark(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(${importRuns.finishedAt})::int` }).from(importRuns)
  return row?.n ?? 0
}

async function readState(db: Db) {
  const [row] = await db.select().from(blocklistState).where(eq(blocklistState.id, STATE))
  return row ?? { id: STATE, version: 0, importMark: 0, fullAt: null }
}

/** Takes the blocklist's lock for the rest of the transaction: one refresh at a time. */
async function lockState(tx: Db) {
  await tx.insert(blocklistState).values({ id: STATE }).onConflictDoNothing()
  const [row] = await tx.select().from(blocklistState).where(eq(blocklistState.id, STATE)).for('update')
  return row
}

/** Numbers whose page version moved since their entry was computed, or new numbers with evidence. */
async function staleNumbers(db: Db, limit: number | null): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select pv.number_id as id from ${pageVersions} pv left join ${blocklistEntries} e on e.number_id = pv.number_id
      where case when e.number_id is null then
          exists (select 1 from ${bans} where number_id = pv.number_id)
          or exists (select 1 from ${pollAnswers} where number_id = pv.number_id)
          or exists (select 1 from ${importedEvidence} where number_id = pv.number_id)
        else e.page_version <> pv.version end
      ${limit === null ? sql`` : sql`limit ${limit}`}`),
  )
  return rows.map((r) => Number(r.id))
}

/** Every number with evidence, and every number with an entry. */
async function allNumbers(db: Db): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select number_id as id from ${importedEvidence} union select number_id from ${bans}
      union select number_id from ${pollAnswers} union select number_id from ${blocklistEntries} order by 1`),
  )
  return rows.map((r) => Number(r.id))
}

interface Computed {
  numberId: number
  e164: string
  country: string | null
  pageVersion: number
  hasEvidence: boolean
  a: Assessment
  old: typeof blocklistEntries.$inferSelect | null
}

async function compute(db: Db, ids: number[]): Promise<Computed[]> {
  if (!ids.length) return []
  const rows = rowsOf<{ id: number; e164: string; country: string | null; pv: string | number; evidence: EvidenceRows | string }>(
    await db.execute(sql`
      select n.id, n.e164, n.country, coalesce(pv.version, 0) as pv, ${evidenceJson(sql`n.id`)} as evidence
      from ${numbers} n left join ${pageVersions} pv on pv.number_id = n.id
      where n.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  )
  const old = await db
    .select()
    .from(blocklistEntries)
    .where(
      sql`${blocklistEntries.numberId} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
  const oldBy = new Map(old.map((o) => [o.numberId, o]))
  return rows.map((r) => {
    const ev = readEvidenceRows(r.evidence)
    const evidence = evidenceFrom(ev)
    return {
      numberId: Number(r.id),
      e164: r.e164,
      country: r.country,
      pageVersion: bigintOf(r.pv),
      hasEvidence: ev.imported.length > 0 || ev.polls.length > 0 || ev.bans.n + ev.bans.discountedN > 0,
      a: assess(evidence),
      old: oldBy.get(Number(r.id)) ?? null,
    }
  })
}

/** What the list shows of an entry changed: listed or not, and while listed its votes, rating and label. */
const shownChanged = (old: typeof blocklistEntries.$inferSelect | null, a: Assessment) =>
  old ? old.listed !== a.listed || (a.listed && (old.votes !== a.votes || old.rating !== a.rating || old.label !== a.label)) : a.listed

/** Writes the computed entries, giving each changed one the next version; the last version given. */
async function store(tx: Db, computed: Computed[], version: number): Promise<number> {
  const values: Array<typeof blocklistEntries.$inferInsert> = []
  for (const c of computed) {
    const { a, old } = c
    if (!old && !c.hasEvidence) continue
    const bump = shownChanged(old, a)
    if (bump) version++
    const dataChanged = !old || old.votes !== a.votes || old.rating !== a.rating || old.label !== a.label
    if (
      old &&
      !bump &&
      !dataChanged &&
      old.listed === a.listed &&
      old.reputation === a.index &&
      old.topLabel === a.topLabel &&
      old.evidence === c.hasEvidence &&
      old.pageVersion === c.pageVersion
    )
      continue
    values.push({
      numberId: c.numberId,
      e164: c.e164,
      country: c.country,
      sha1: sha1Hex(c.e164),
      sha1Prefix10: sha1Hex(c.e164.slice(0, -1)),
      sha1Prefix100: sha1Hex(c.e164.slice(0, -2)),
      votes: a.votes,
      rating: a.rating,
      label: a.label,
      reputation: a.index,
      topLabel: a.topLabel,
      evidence: c.hasEvidence,
      listed: a.listed,
      version: bump ? version : (old?.version ?? 0),
      pageVersion: c.pageVersion,
      updatedAt: dataChanged ? new Date() : old!.updatedAt,
    })
  }
  if (values.length) {
    await tx
      .insert(blocklistEntries)
      .values(values)
      .onConflictDoUpdate({
        target: blocklistEntries.numberId,
        set: {
          votes: sql`excluded.votes`,
          rating: sql`excluded.rating`,
          label: sql`excluded.label`,
          reputation: sql`excluded.reputation`,
          topLabel: sql`excluded.top_label`,
          evidence: sql`excluded.evidence`,
          listed: sql`excluded.listed`,
          version: sql`excluded.version`,
          pageVersion: sql`excluded.page_version`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
  }
  return version
}

export interface RefreshOutcome {
  /** Numbers looked at. */
  checked: number
  /** Entries whose shown state changed (each got a version). */
  changed: number
  version: number
}

/**
 * Brings the entries up to date with the evidence: the numbers whose page version moved and
 * `numberIds`; every number when `full`, after a finished import, or when never done. Does
 * nothing (and takes no lock) when nothing is stale.
 */
export async function refreshBlocklist(db: Db, opts: { full?: boolean; numberIds?: number[]; now?: Date } = {}): Promise<RefreshOutcome> {
  const now = opts.now ?? new Date()
  const state = await readState(db)
  const mark = await importMark(db)
  const needsFull = opts.full || state.fullAt === null || mark !== state.importMark
  if (!needsFull && !opts.numberIds?.length && (await staleNumbers(db, 1)).length === 0)
    return { checked: 0, changed: 0, version: state.version }

  return db.transaction(async (tx) => {
    const locked = await lockState(tx)
    const currentMark = await importMark(tx)
    const full = opts.full || locked.fullAt === null || currentMark !== locked.importMark
    const ids = full
      ? await allNumbers(tx)
      : [...new Set([...(await staleNumbers(tx, null)), ...(opts.numberIds ?? [])])].sort((a, b) => a - b)
    let version = locked.version
    for (let i = 0; i < ids.length; i += BATCH) version = await store(tx, await compute(tx, ids.slice(i, i + BATCH)), version)
    await tx
      .update(blocklistState)
      .set({ version, importMark: currentMark, ...(full ? { fullAt: now } : {}) })
      .where(eq(blocklistState.id, STATE))
    return { checked: ids.length, changed: version - locked.version, version }
  })
}

/** The background refresh: stale numbers, and every number once a day. */
export async function refreshBlocklistJob(db: Db, now = new Date()): Promise<RefreshOutcome> {
  const state = await readState(db)
  const full = state.fullAt === null || now.getTime() - state.fullAt.getTime() >= FULL_EVERY_MS
  return refreshBlocklist(db, { full, now })
}

const entryOf = (r: {
  e164: string
  rating: string
  votes: number
  label: string | null
  version: number
  listed: boolean
}): BlockEntry => ({
  e164: r.e164,
  rating: r.rating as PhoneblockRating,
  votes: r.listed ? r.votes : 0,
  label: r.label,
  version: bigintOf(r.version),
})

/** The current version of the community blocklist (after a refresh). */
export async function blocklistVersion(db: Db): Promise<number> {
  await refreshBlocklist(db)
  return (await readState(db)).version
}

/** The numbers at or above the blocking threshold (votes >= 4, or index <= 2), most votes first then e164; at most `limit` when given. */
export async function communityBlocklist(db: Db, opts: { limit?: number | null } = {}): Promise<BlockEntry[]> {
  await refreshBlocklist(db)
  // Only what an entry of the list shows: the whole row of 100,000 entries took 714 ms and 90 MB of heap, these 251 ms and 6 MB.
  const q = db
    .select({
      e164: blocklistEntries.e164,
      rating: blocklistEntries.rating,
      votes: blocklistEntries.votes,
      label: blocklistEntries.label,
      version: blocklistEntries.version,
      listed: blocklistEntries.listed,
    })
    .from(blocklistEntries)
    .where(eq(blocklistEntries.listed, true))
    .orderBy(desc(blocklistEntries.votes), asc(blocklistEntries.e164))
  const rows = opts.limit != null ? await q.limit(Math.max(0, opts.limit)) : await q
  return rows.map(entryOf)
}

/** The current version (grows only) and what changed after `since`: entries whose version > since; an entry that left the list has votes 0. */
export async function blocklistChanges(db: Db, since: number): Promise<{ version: number; entries: BlockEntry[] }> {
  await refreshBlocklist(db)
  // The version first: an entry changed after it is left for the next call (never skipped).
  const version = (await readState(db)).version
  if (since >= version) return { version, entries: [] }
  const rows = await db
    .select()
    .from(blocklistEntries)
    .where(and(gt(blocklistEntries.version, since), lte(blocklistEntries.version, version)))
    .orderBy(asc(blocklistEntries.version), asc(blocklistEntries.e164))
  return { version, entries: rows.map(entryOf) }
}

/** The person's bans with their own device rating (poll answer of the ban poll), as their list should be now. */
async function personalNow(db: Db, userId: number) {
  const rows = rowsOf<{ number_id: number; e164: string; code: string | null }>(
    await db.execute(sql`
      select b.number_id, n.e164,
        (select t.code from ${pollAnswers} pa join ${tags} t on t.id = pa.tag_id
          where pa.user_id = b.user_id and pa.number_id = b.number_id and pa.poll = 'onBan' order by t.polarity, pa.tag_id limit 1) as code
      from ${bans} b join ${numbers} n on n.id = b.number_id where b.user_id = ${userId}`),
  )
  return new Map(rows.map((r) => [Number(r.number_id), { e164: r.e164, label: r.code, rating: r.code ? ratingOfTag(r.code) : 'B_MISSED' }]))
}

type PersonalRow = typeof blocklistPersonal.$inferSelect

/** What must change in the stored personal list to match `now`. */
function personalDiff(stored: PersonalRow[], now: Awaited<ReturnType<typeof personalNow>>) {
  const changes: Array<Omit<PersonalRow, 'version' | 'userId'>> = []
  const seen = new Set<number>()
  for (const s of stored) {
    seen.add(s.numberId)
    const n = now.get(s.numberId)
    if (!n) {
      if (s.listed) changes.push({ numberId: s.numberId, e164: s.e164, rating: s.rating, label: s.label, listed: false })
    } else if (!s.listed || s.rating !== n.rating || s.label !== n.label) {
      changes.push({ numberId: s.numberId, e164: n.e164, rating: n.rating, label: n.label, listed: true })
    }
  }
  for (const [numberId, n] of now)
    if (!seen.has(numberId)) changes.push({ numberId, e164: n.e164, rating: n.rating, label: n.label, listed: true })
  return changes.sort((a, b) => a.numberId - b.numberId)
}

const storedPersonal = (db: Db, userId: number) => db.select().from(blocklistPersonal).where(eq(blocklistPersonal.userId, userId))

/** Brings the person's stored list up to date; takes the lock only when something changed. */
export async function refreshPersonal(db: Db, userId: number): Promise<void> {
  if (!personalDiff(await storedPersonal(db, userId), await personalNow(db, userId)).length) return
  await db.transaction(async (tx) => {
    const locked = await lockState(tx)
    const changes = personalDiff(await storedPersonal(tx, userId), await personalNow(tx, userId))
    if (!changes.length) return
    let version = locked.version
    const values = changes.map((c) => ({ ...c, userId, version: ++version }))
    await tx
      .insert(blocklistPersonal)
      .values(values)
      .onConflictDoUpdate({
        target: [blocklistPersonal.userId, blocklistPersonal.numberId],
        set: {
          e164: sql`excluded.e164`,
          rating: sql`excluded.rating`,
          label: sql`excluded.label`,
          listed: sql`excluded.listed`,
          version: sql`excluded.version`,
        },
      })
    await tx.update(blocklistState).set({ version }).where(eq(blocklistState.id, STATE))
  })
}

/**
 * The person's own blocked numbers (their bans, and numbers they rated via a device), with versions; and their list's version.
 * Each entry counts as one vote (theirs); the label is the tag of their own rating.
 */
export async function personalBlocklist(db: Db, userId: number): Promise<{ version: number; entries: BlockEntry[] }> {
  await refreshPersonal(db, userId)
  const rows = await db.select().from(blocklistPersonal).where(eq(blocklistPersonal.userId, userId)).orderBy(asc(blocklistPersonal.e164))
  const version = rows.reduce((v, r) => Math.max(v, bigintOf(r.version)), 0)
  return {
    version,
    entries: rows
      .filter((r) => r.listed)
      .map((r) => ({ e164: r.e164, rating: r.rating as PhoneblockRating, votes: 1, label: r.label, version: bigintOf(r.version) })),
  }
}

/** A person's personal-list changes after `since` (for sync-collection): a removed number has votes 0. */
export async function personalChanges(db: Db, userId: number, since: number): Promise<{ version: number; entries: BlockEntry[] }> {
  const { version } = await personalBlocklist(db, userId)
  const rows = await db
    .select()
    .from(blocklistPersonal)
    .where(and(eq(blocklistPersonal.userId, userId), gt(blocklistPersonal.version, since)))
    .orderBy(asc(blocklistPersonal.version))
  return {
    version,
    entries: rows.map((r) => ({
      e164: r.e164,
      rating: r.rating as PhoneblockRating,
      votes: r.listed ? 1 : 0,
      label: r.label,
      version: bigintOf(r.version),
    })),
  }
}

/** What `check` answers of a number. */
export interface NumberAnswer {
  phone: string | null
  votes: number
  votesWildcard: number
  rating: PhoneblockRating
  whiteListed: boolean
  blackListed: boolean
  dateAdded: number
  lastUpdate: number
  label: string | null
  location: string | null
}

const LEGITIMATE_TAG = TAG_BY_CODE.get('legitimate')!.id

async function ownLists(db: Db, userId: number, numberId: number | null) {
  if (numberId === null) return { whiteListed: false, blackListed: false }
  const [row] = rowsOf<{ black: boolean; white: boolean }>(
    await db.execute(sql`select ${ownListsSql(sql`${userId}::int`, sql`${numberId}::int`)}`),
  )
  return { whiteListed: !!row?.white, blackListed: !!row?.black }
}

/** SQL: a poll answer that puts the number on the person's white list: "legitimate" in its ban poll. */
const legitimateAnswer = sql`poll = 'onBan' and tag_id = ${sql.raw(String(LEGITIMATE_TAG))}`

/** SQL: whether the person banned the number (`black`) and answered its ban poll "legitimate" (`white`). */
const ownListsSql = (userId: SQL, numberId: SQL) => sql`
  exists (select 1 from ${bans} where user_id = ${userId} and number_id = ${numberId}) as black,
  exists (select 1 from ${pollAnswers} where user_id = ${userId} and number_id = ${numberId} and ${legitimateAnswer}) as white`

/** SQL: the numbers the person banned (`black`) and answered "legitimate" in their ban poll (`white`), as arrays of number ids (a device keeps them, ADR 0056). */
export const ownListArraysSql = (userId: SQL) => sql`
  array(select number_id from ${bans} where user_id = ${userId}) as black,
  array(select number_id from ${pollAnswers} where user_id = ${userId} and ${legitimateAnswer}) as white`

/** SQL: the votes of a range (numbers whose SHA-1 without their last digits is `hash`) and its most-voted rating. */
const rangeSql = (column: SQLWrapper, hash: SQL) => sql`(select json_build_object(
    'votes', coalesce(sum(votes), 0)::int,
    'rating', (select rating from ${blocklistEntries} where ${column} = ${hash} and votes > 0 order by votes desc, e164 limit 1))
  from ${blocklistEntries} where ${column} = ${hash})`

interface CheckRow {
  number_id: number | null
  e164: string | null
  country: string | null
  votes: number | null
  rating: string | null
  label: string | null
  page_version: number | string | null
  created_at: Date | string | null
  updated_at: Date | string | null
  pv: number | string | null
  black: boolean
  white: boolean
  r10: { votes: number; rating: string | null } | string | null
  r100: { votes: number; rating: string | null } | string | null
}

// What a phone asks while it rings: the number's entry, its page version, the person's own
// lists and both ranges, in one statement, built once and prepared once per connection.
const checkStatement = preparedStatement<CheckRow, { hash: string; prefix10: string | null; prefix100: string | null; userId: number }>(
  (p) => sql`select e.number_id, e.e164, e.country, e.votes, e.rating, e.label, e.page_version, e.created_at, e.updated_at,
      pv.version as pv, ${ownListsSql(sql`${p.userId}::int`, sql`e.number_id`)},
      ${rangeSql(blocklistEntries.sha1Prefix10, sql`${p.prefix10}::text`)} as r10,
      ${rangeSql(blocklistEntries.sha1Prefix100, sql`${p.prefix100}::text`)} as r100
    from (select 1) one
    left join ${blocklistEntries} e on e.sha1 = ${p.hash}::text
    left join ${pageVersions} pv on pv.number_id = e.number_id`,
)

const jsonOf = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v)
const timeOf = (v: Date | string | null) => (v === null ? 0 : new Date(v).getTime())

/**
 * What the blocklist says of the number whose SHA-1 (lower-case hex, of E.164 with `+`) is
 * given, for the person `userId`, with the votes of its ranges: one statement. A number whose
 * entry is behind its page version is assessed from its evidence now (nothing is written).
 */
export async function lookUpBySha1(
  db: Db,
  userId: number,
  hash: string,
  range: { prefix10?: string; prefix100?: string } = {},
): Promise<NumberAnswer> {
  const [row] = await checkStatement(db, { hash, prefix10: range.prefix10 ?? null, prefix100: range.prefix100 ?? null, userId })
  let wildcard: Wildcard = { votes: 0, rating: null }
  for (const r of [jsonOf(row.r10), jsonOf(row.r100)])
    if (r && Number(r.votes) > wildcard.votes) wildcard = { votes: Number(r.votes), rating: r.rating as PhoneblockRating | null }
  if (row.number_id === null) return answerOf(null, wildcard)
  const numberId = Number(row.number_id)
  let a: Pick<Assessment, 'votes' | 'rating' | 'label'> = {
    votes: Number(row.votes),
    rating: row.rating as PhoneblockRating,
    label: row.label,
  }
  if (bigintOf(row.pv) !== bigintOf(row.page_version)) a = assess(await loadEvidence(db, numberId))
  return answerOf(
    { e164: row.e164!, country: row.country, ...a, createdAt: timeOf(row.created_at), updatedAt: timeOf(row.updated_at) },
    wildcard,
    { whiteListed: !!row.white, blackListed: !!row.black },
  )
}

/** The votes of a number's ranges: the larger of the two, with its most-voted rating. */
export interface Wildcard {
  votes: number
  rating: PhoneblockRating | null
}

/** What `check` answers, from the number's entry as it stands (null: none), its ranges' votes and the person's own lists. */
export function answerOf(
  entry: Pick<KeptEntry, 'e164' | 'country' | 'votes' | 'rating' | 'label' | 'createdAt' | 'updatedAt'> | null,
  wildcard: Wildcard,
  own: { whiteListed: boolean; blackListed: boolean } = { whiteListed: false, blackListed: false },
): NumberAnswer {
  if (!entry)
    return {
      phone: null,
      votes: 0,
      votesWildcard: wildcard.votes,
      rating: wildcard.votes >= BLOCK_VOTES && wildcard.rating ? wildcard.rating : 'A_LEGITIMATE',
      whiteListed: false,
      blackListed: false,
      dateAdded: 0,
      lastUpdate: 0,
      label: null,
      location: null,
    }
  return {
    phone: entry.e164,
    votes: entry.votes,
    votesWildcard: Math.max(entry.votes, wildcard.votes),
    rating: entry.rating,
    whiteListed: own.whiteListed,
    blackListed: own.blackListed,
    dateAdded: entry.createdAt,
    lastUpdate: entry.updatedAt,
    label: entry.label,
    location: entry.country,
  }
}

/** A blocklist entry as a server process keeps it (replica.ts): what `check` answers of it, and its ranges. */
export interface KeptEntry {
  numberId: number
  e164: string
  country: string | null
  sha1: string
  prefix10: string
  prefix100: string
  votes: number
  rating: PhoneblockRating
  label: string | null
  /**
   * The first 5 hex digits of the number's SHA-256, the private look-up's key, with the index and top
   * label it answers; the whole hash (sha256Hex of `e164`) is worked out when a number is answered.
   */
  sha256Prefix: string
  index: number
  topLabel: string | null
  /** Whether the number has evidence (only those are in the private look-up's answers); null: not computed since migration 0020. */
  evidence: boolean | null
  pageVersion: number
  /** The number's page version now (ahead of `pageVersion`: the entry is behind its evidence). */
  currentPageVersion: number
  createdAt: number
  updatedAt: number
}

/** The strings of few values that kept entries hold (countries, ratings, labels), one of each; at most SHARED_MAX of them. */
const sharedStrings = new Map<string, string>()
const SHARED_MAX = 10_000

function shared<T extends string | null>(text: T): T {
  if (text === null) return text
  const kept = sharedStrings.get(text)
  if (kept !== undefined) return kept as T
  if (sharedStrings.size < SHARED_MAX) sharedStrings.set(text, text)
  return text
}

/**
 * Blocklist entries for a process to keep: those of `numberIds`, or the next `limit` in number order
 * after the number `after` (the whole list is read a part at a time: replica.ts).
 */
export async function entriesToKeep(db: Db, opts: { numberIds: number[] } | { after: number; limit: number }): Promise<KeptEntry[]> {
  // A part of the list starts each table's scan where the part starts. The planner merges the three tables by number,
  // and told of the bound on the entries alone it read the numbers and page versions from the first: on 1M numbers a
  // part half-way through took 460 ms instead of 25, and reading the whole list 20 s of the database's time.
  const from = (column: SQL) => ('after' in opts ? sql`and ${column} > ${opts.after}` : sql``)
  const rows = rowsOf<{
    number_id: number
    e164: string
    country: string | null
    sha1: string
    p10: string
    p100: string
    votes: number
    rating: string
    label: string | null
    s256: string
    reputation: number
    top_label: string | null
    evidence: boolean | null
    page_version: number | string
    pv: number | string | null
    created_at: Date | string
    updated_at: Date | string
  }>(
    await db.execute(sql`
      select e.number_id, e.e164, e.country, e.sha1, e.sha1_prefix10 as p10, e.sha1_prefix100 as p100, e.votes, e.rating,
        e.label, left(n.sha256, 5) as s256, e.reputation, e.top_label, e.evidence, e.page_version, pv.version as pv, e.created_at, e.updated_at
      from ${blocklistEntries} e join ${numbers} n on n.id = e.number_id ${from(sql`n.id`)}
        left join ${pageVersions} pv on pv.number_id = e.number_id ${from(sql`pv.number_id`)}
      ${
        'numberIds' in opts
          ? sql`where e.number_id = any(${`{${opts.numberIds.join(',')}}`}::int[])`
          : sql`where e.number_id > ${opts.after} order by e.number_id limit ${opts.limit}`
      }`),
  )
  // Each process keeps every entry (ADR 0056): the few countries, ratings and labels are one string each, not one a row.
  return rows.map((r) => ({
    numberId: Number(r.number_id),
    e164: r.e164,
    country: shared(r.country),
    sha1: r.sha1,
    prefix10: r.p10,
    prefix100: r.p100,
    votes: Number(r.votes),
    rating: shared(r.rating) as PhoneblockRating,
    label: shared(r.label),
    sha256Prefix: r.s256,
    index: Number(r.reputation),
    topLabel: shared(r.top_label),
    evidence: r.evidence,
    pageVersion: bigintOf(r.page_version),
    currentPageVersion: bigintOf(r.pv),
    createdAt: timeOf(r.created_at),
    updatedAt: timeOf(r.updated_at),
  }))
}

/**
 * Numbers with evidence but no entry yet (a first ban or poll answer, or an import, that the
 * refresh has not reached), of `numberIds` or all of them, with the first 5 hex digits of their
 * SHA-256: the private look-up asks the database for those prefixes until their entries come.
 */
export async function numbersWithoutEntry(db: Db, numberIds: number[] | null): Promise<Array<{ numberId: number; prefix: string }>> {
  const only = (column: SQL) => (numberIds ? sql`where ${column} = any(${`{${numberIds.join(',')}}`}::int[])` : sql``)
  const rows = rowsOf<{ id: number; prefix: string }>(
    await db.execute(sql`
      select n.id, left(n.sha256, 5) as prefix
      from (select number_id from ${bans} ${only(sql`number_id`)} union select number_id from ${pollAnswers} ${only(sql`number_id`)}
        union select number_id from ${importedEvidence} ${only(sql`number_id`)}) x
      join ${numbers} n on n.id = x.number_id
      where not exists (select 1 from ${blocklistEntries} e where e.number_id = x.number_id)`),
  )
  return rows.map((r) => ({ numberId: Number(r.id), prefix: r.prefix }))
}

/** Whether an import finished after the blocklist's last full refresh (the refresh will compute every entry again). */
export async function importNotRefreshed(db: Db): Promise<boolean> {
  const state = await readState(db)
  return (await importMark(db)) !== state.importMark
}

/** The same by E.164: a number with evidence but no entry yet is assessed from its evidence now. */
export async function lookUpByE164(db: Db, userId: number, e164: string): Promise<NumberAnswer> {
  const answer = await lookUpBySha1(db, userId, sha1Hex(e164), {
    prefix10: sha1Hex(e164.slice(0, -1)),
    prefix100: sha1Hex(e164.slice(0, -2)),
  })
  if (answer.phone) return answer
  const [n] = await db
    .select({ id: numbers.id, country: numbers.country, createdAt: numbers.createdAt })
    .from(numbers)
    .where(eq(numbers.e164, e164))
  if (!n) return answer
  const a = assess(await loadEvidence(db, n.id))
  if (a.votes === 0 && a.label === null) return answer
  return {
    ...answer,
    phone: e164,
    votes: a.votes,
    votesWildcard: Math.max(a.votes, answer.votesWildcard),
    rating: a.rating,
    label: a.label,
    location: n.country,
    ...(await ownLists(db, userId, n.id)),
    dateAdded: n.createdAt.getTime(),
    lastUpdate: Date.now(),
  }
}

/** Every known number (with evidence) whose SHA-1 starts with `prefix` (4 to 40 lower-case hex digits). */
export async function numbersBySha1Prefix(db: Db, prefix: string) {
  const rows = await db
    .select({
      sha1: blocklistEntries.sha1,
      e164: blocklistEntries.e164,
      votes: blocklistEntries.votes,
      rating: blocklistEntries.rating,
      label: blocklistEntries.label,
    })
    .from(blocklistEntries)
    .where(and(sql`left(${blocklistEntries.sha1}, 4) = ${prefix.slice(0, 4)}`, sql`starts_with(${blocklistEntries.sha1}, ${prefix})`))
    .orderBy(asc(blocklistEntries.sha1))
    .limit(1000)
  return rows.map((r) => ({ ...r, rating: r.rating as PhoneblockRating }))
}

/**
 * A person's rating of a number from a device: their report, once per person and number. It is
 * their answer to the ban poll (the tag the rating names, replacing their earlier answers to
 * it) and, unless `A_LEGITIMATE`, their ban; `A_LEGITIMATE` lifts their ban. The same evidence
 * tables as the web app's poll and ban, so it shows on the number's page and counts in its
 * index under the same moderation and dispute rules. Then the number's entry and the person's
 * list are refreshed.
 */
export async function rateNumber(db: Db, userId: number, numberId: number, rating: PhoneblockRating): Promise<void> {
  const tagId = TAG_BY_CODE.get(PHONEBLOCK_TAG[rating])!.id
  await db.transaction(async (tx) => {
    await tx
      .delete(pollAnswers)
      .where(and(eq(pollAnswers.userId, userId), eq(pollAnswers.numberId, numberId), eq(pollAnswers.poll, 'onBan')))
    await tx
      .insert(pollAnswers)
      .values({ userId, numberId, tagId, poll: 'onBan' })
      .onConflictDoUpdate({
        target: [pollAnswers.userId, pollAnswers.numberId, pollAnswers.tagId],
        set: { poll: 'onBan', createdAt: sql`now()` },
      })
    if (rating === 'A_LEGITIMATE') await tx.delete(bans).where(and(eq(bans.userId, userId), eq(bans.numberId, numberId)))
    else await tx.insert(bans).values({ userId, numberId }).onConflictDoNothing()
  })
  await refreshBlocklist(db, { numberIds: [numberId] })
  await refreshPersonal(db, userId)
  // What this process keeps of the person's lists and of the number's entry is read again (the database tells every process too).
  noticeHere(`u${userId}`)
  noticeHere(`e${numberId}`)
}
