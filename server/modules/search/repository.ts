import { and, eq, sql } from 'drizzle-orm'
import { LIMITS } from '../../../contract/constants'
import type { Db } from '../../db/client'
import { preparedStatement, jsonValue } from '../../db/client'
import { groupCommit } from '../../db/group-commit'
import { dailyLimitOf, planActive, spySubscription, type PlanLimits } from '../../db/entitlements'
import { contacts, dailyUsage, numbers, pageEpoch, pageVersions, searchHistory, sessions, users, viewerMarks } from '../../db/schema'
import { liveSession } from '../auth/session-repository'
import { readUntouchedPage, untouchedPageJson, versionPairs, type LeanViewerPart, type PublicPage } from '../numbers/page-repository'

export const utcDay = (now = new Date()) => now.toISOString().slice(0, 10)

export const FREE_LIMITS: PlanLimits = { free: LIMITS.searchDailyLimit, tier1: LIMITS.searchDailyLimit, tier2: LIMITS.searchDailyLimit }

/** Today's limit by the user's plan, what is left of it, and whether a plan is in force. */
export async function searchAllowance(
  db: Db,
  userId: number,
  limits: PlanLimits,
): Promise<{ limit: number; left: number; planActive: boolean }> {
  const [row] = await db
    .select({ limit: dailyLimitOf(limits), planActive, count: sql<number>`coalesce(${dailyUsage.count}, 0)` })
    .from(users)
    .leftJoin(dailyUsage, and(eq(dailyUsage.userId, users.id), eq(dailyUsage.day, utcDay())))
    .where(eq(users.id, userId))
  const limit = row?.limit ?? limits.free
  return { limit, left: Math.max(0, limit - (row?.count ?? 0)), planActive: row?.planActive ?? false }
}

export interface SearchStart {
  viewer: {
    id: number
    balance: number
    spySubscription: boolean
    planActive: boolean
    overlimit: boolean
    antispy: boolean
    locale: string | null
  }
  /** Searches left today after this one; null when none was left (nothing was recorded then). */
  left: number | null
  /** Today's searches counted so far, this one included; the viewer's limit. */
  used: number
  dailyLimit: number
  /** The day (UTC) it was counted on. */
  day: string
  /** The number's row, created on first sight; null when the search was refused for the limit. */
  numberId: number | null
  /**
   * The page's versions and what the viewer sees of the number beyond its public page when they have
   * nothing of their own on it, read in the same statement; null with numberId. When `marked`, the
   * rest of the viewer's part is read after (loadViewerPart).
   */
  part: LeanViewerPart | null
  /**
   * The number was looked up by the viewer already today (issue 30): this look-up counted nothing.
   * `paid` says whether that first look-up was a paid one; `index` is the index its history row holds.
   */
  again: { paid: boolean; index: number | null } | null
  /** The index this look-up's new history row was written with (from `shown`, when its page had not changed since); null when none. */
  indexed: number | null
  /** The public page of an untouched number (no page version), read in the same statement when asked for (`readUntouched`). */
  untouched: PublicPage | null
}

/**
 * The index a page of the number showed lately, with the page's version and epoch then: a look-up
 * writes it on its history row in its own statement while the page is still that version, and
 * needs no second write (issue 30).
 */
export interface ShownIndex {
  version: number
  /** Null: whatever the epoch now (a guess from the blocklist kept in memory, whose index follows evidence alone). */
  epoch: number | null
  index: number
}

/** One look-up of a batch, as the start statement reads it (short keys: the batch travels as JSON). */
interface StartInput {
  /** Its place in the batch. */
  k: number
  u: number
  /** Session id, and the phone and role the caller took the account for. */
  s: string
  ph: string
  r: string
  e: string
  c: string | null
  /** One's own number. */
  o: boolean
  /** The shown index (ShownIndex): version, epoch (-1: any), index. */
  sv: number
  se: number
  si: number | null
  /** Read the untouched page too. */
  ru: boolean
  /** The daily limits of the plans (PlanLimits). */
  lf: number
  l1: number
  l2: number
}

/** What the start statement answers for one look-up. */
type StartJson = {
  viewer: (SearchStart['viewer'] & { dailyLimit: number }) | null
  count: number | null
  numberId: number | null
  part: LeanViewerPart | null
  again: SearchStart['again']
  /** Counted by this look-up's history row, but today's count was at the limit by then (look-ups of the person at the same moment). */
  overrun: { id: number; inserted: boolean } | null
  indexed: number | null
  untouched: Omit<PublicPage, 'tags'> | string | null
}

type StartRow = { k: number; start: StartJson | string }

/**
 * The start of look-ups in one statement (one database round trip for a whole batch of them,
 * ADR 0060): for each, reads the viewer, takes one of today's searches (none for your own number,
 * none for a number the viewer looked up already today: the page's actions reload it, issue 30),
 * and when the search may go ahead creates the number's row, records the look-up in the history
 * (one row per number and day; anonymous under anti-spy) and reads the viewer's part of the
 * number's page. Past the limit it changes nothing for that look-up, so the caller can turn it
 * into a paid search or the paid alert. A batch holds one look-up per person (startSearch), so each
 * history row and each count is written at most once by it; new numbers are created once each, in
 * the order of their digits (two batches at once never wait on each other's numbers crosswise).
 *
 * The history row decides what counts. Every part of one statement reads the same snapshot, so
 * two first look-ups of one number by one person at the same moment (two batches) both see no row
 * of today; but only one of them inserts it (the other's insert waits for it, then finds it looked
 * up and writes nothing), and only the look-up that inserted the row, or turned a history/add row
 * into a look-up, bumps today's count. The bump itself checks the limit against the latest count,
 * so look-ups of several numbers at once never count past it; one that lost that race is reported
 * as `overrun`, for the caller to take its row back (startSearch).
 */
/** Each number's page version and the page epoch as the start statement read them once (`num`, `cur_epoch`: ADR 0067). */
const numVersions = versionPairs(sql`coalesce(num.version, 0)`, sql`(select epoch from cur_epoch)`)

const startStatement = preparedStatement<StartRow, { batch: string; day: string }>(
  (p) => sql`
    with
    input as (
      select * from jsonb_to_recordset(${p.batch}::jsonb)
        as i(k int, u int, s text, ph text, r text, e text, c text, o boolean, sv bigint, se bigint, si float8, ru boolean, lf int, l1 int, l2 int)
    ),
    -- What each look-up reads before it writes, in one row per look-up, each part read by its keys
    -- (lateral, limit 1: the planner, which takes a batch for a hundred rows, would otherwise scan
    -- whole tables to hash them). One relation instead of one a part: each was a plan to set up and
    -- join again for every batch (ADR 0068).
    look as (
      select i.k, i.u, i.e, i.c, i.o, i.sv, i.se, i.si, i.ru, v.*, known.id as known_id,
        h.paid, h.index, h.looked_up, d.count as used,
        -- May it go ahead: one's own number, a number looked up today already, or searches left.
        v.id is not null and (i.o or coalesce(h.looked_up, false) or coalesce(d.count, 0) < v."dailyLimit") as allowed
      from input i
      -- The session check of the call too (ADR 0029): no viewer when the session ended or the
      -- account's phone or role is not what the caller took them for; then nothing changes.
      left join lateral (
        select ${users.id} as id, ${users.balance} as balance, ${spySubscription} as "spySubscription", ${planActive} as "planActive",
          ${users.overlimit} as overlimit, ${users.antispy} as antispy, ${users.locale} as locale,
          ${dailyLimitOf({ free: sql`i.lf`, tier1: sql`i.l1`, tier2: sql`i.l2` })} as "dailyLimit"
        from ${users} where ${users.id} = i.u and ${users.phone} = i.ph and ${users.role}::text = i.r and ${users.deactivatedAt} is null
          and exists (select 1 from ${sessions} where ${liveSession(sql`i.s`, sql`i.u`)})
        limit 1) v on true
      left join lateral (select id from ${numbers} where e164 = i.e limit 1) known on true
      -- The viewer's row of today for the number, if any: looked up (free again, paid or not), or only added by history/add.
      left join lateral (
        select paid, reputation_index as index, looked_up from ${searchHistory}
        where user_id = i.u and number_id = known.id and day = ${p.day}::date limit 1) h on true
      left join lateral (select count from ${dailyUsage} where user_id = i.u and day = ${p.day}::date limit 1) d on true
    ),
    -- A number seen before is only read (no row lock: searches of one number never queue on it);
    -- a new one is created, and a race of two first searches still answers both with its id.
    created as (
      insert into ${numbers} (e164, country)
      select distinct on (e) e, c from look where allowed and known_id is null
      order by e
      on conflict (e164) do update set e164 = excluded.e164
      returning id, e164
    ),
    -- The numbers of the look-ups that go ahead, known or created just now.
    found as materialized (
      select l.k, l.u, l.o, l.sv, l.se, l.si, l.antispy, l.looked_up, coalesce(l.known_id, created.id) as id
      from look l left join created on l.known_id is null and created.e164 = l.e
      where l.allowed
    ),
    -- With the page's version (null: untouched, ADR 0058).
    num as (
      select f.*, (select version from ${pageVersions} where number_id = f.id) as version,
        -- Whether the viewer has anything of their own on the number (viewer_marks) and a contact book.
        -- (limit 1: probed by the keys for each look-up; as exists, the plan hashed the whole table for a batch)
        coalesce((select true from ${viewerMarks} m where m.user_id = f.u and m.number_id = f.id limit 1), false) as marked,
        coalesce((select true from ${contacts} c where c.owner_id = f.u limit 1), false) as "hasContacts"
      from found f
    ),
    cur_epoch as (select epoch from ${pageEpoch} where id = 1),
    -- One row per number and day: a look-up again writes nothing, unless the row was cleared from
    -- the list since (it shows again) or only history/add had written it.
    -- With the index its page showed lately, while that page is still the same version (ShownIndex).
    recorded as (
      insert into ${searchHistory} (user_id, number_id, day, paid, anonymous, looked_up, reputation_index)
      select num.u, num.id, ${p.day}::date, false, num.antispy, true,
        case when num.sv = coalesce(num.version, 0) and (num.se = -1 or num.se = (select epoch from cur_epoch)) then num.si end
      from num
      order by num.u
      on conflict (user_id, number_id, day) do update set cleared_at = null, looked_up = true, searched_at = now(),
        reputation_index = coalesce(excluded.reputation_index, ${searchHistory}.reputation_index)
        where ${searchHistory}.cleared_at is not null or not ${searchHistory}.looked_up
      returning id, user_id, (xmax = 0) as inserted, reputation_index
    ),
    -- Counted: the look-up inserted the day's row, or turned a history/add row into a look-up.
    counted as (
      select num.k, num.u, recorded.id, recorded.inserted from recorded join num on num.u = recorded.user_id
      where not num.o and (recorded.inserted or num.looked_up = false)
    ),
    taken as (
      insert into ${dailyUsage} (user_id, day, count)
      select counted.u, ${p.day}::date, 1 from counted
      order by counted.u
      on conflict (user_id, day) do update set count = ${dailyUsage}.count + 1
        where ${dailyUsage}.count < (select "dailyLimit" from look where look.id = ${dailyUsage}.user_id)
      returning user_id, count
    )
    select l.k, json_build_object(
      'viewer', case when l.id is not null then json_build_object('id', l.id, 'balance', l.balance, 'spySubscription', l."spySubscription",
          'planActive', l."planActive", 'overlimit', l.overlimit, 'antispy', l.antispy, 'locale', l.locale, 'dailyLimit', l."dailyLimit") end,
      'count', case when l.allowed then coalesce(taken.count, l.used, 0) end,
      'numberId', num.id,
      'again', case when l.looked_up then json_build_object('paid', l.paid, 'index', l.index) end,
      'overrun', case when taken.user_id is null and counted.k is not null
        then json_build_object('id', counted.id, 'inserted', counted.inserted) end,
      'indexed', recorded.reputation_index,
      -- The page's versions, and whether the viewer has anything of their own on the number or a book to find friends in:
      -- what else to read of the viewer's part (look-up.ts); a number created just now has nothing of the viewer's yet.
      'part', case when num.k is not null then json_build_object(${numVersions}, 'marked', num.marked, 'hasContacts', num."hasContacts") end,
      -- The public page too, when asked for and the number is untouched (its page is small: ADR 0058), saving its own round trip.
      'untouched', case when l.ru and num.k is not null and num.version is null
        then ${untouchedPageJson(sql`num.id`, sql`l.e`, numVersions)} end
    ) as start
    from look l
    left join num on num.k = l.k
    left join recorded on recorded.user_id = l.u
    left join counted on counted.k = l.k
    left join taken on taken.user_id = l.u`,
)

/** The look-ups waiting for the start statement go together (group commit, ADR 0060), one per person in a batch. */
const startTogether = groupCommit(
  async (db, items: StartInput[]): Promise<Array<{ day: string; start: StartJson }>> => {
    const day = utcDay()
    // Each item's place in the batch, set in place: a copy with one key more took V8's slow path for every item.
    items.forEach((item, k) => (item.k = k))
    const rows = await startStatement(db, { batch: JSON.stringify(items), day })
    const byPlace = new Map(rows.map((row) => [row.k, row.start]))
    return items.map((_, k) => ({ day, start: jsonValue(byPlace.get(k)!) }))
  },
  { key: (item) => item.u, max: 100 },
)

/**
 * Takes back the history row of a look-up that the daily limit refused after all (`overrun`):
 * the row it inserted is deleted; a history/add row it had turned into a look-up is that again.
 */
const takeBackStatement = preparedStatement<unknown, { id: number; inserted: boolean }>(
  (p) => sql`with
    gone as (delete from ${searchHistory} where id = ${p.id}::int and ${p.inserted}::boolean),
    back as (update ${searchHistory} set looked_up = false where id = ${p.id}::int and not ${p.inserted}::boolean)
    select 1`,
)

/** The session of a look-up ended, or its account's phone or role changed, since the caller checked it. */
export class SessionChanged extends Error {
  constructor() {
    super('The session changed since it was checked')
  }
}

export async function startSearch(
  db: Db,
  args: {
    userId: number
    sessionId: string
    phone: string
    role: string
    e164: string
    country: string | null
    own: boolean
    limits: PlanLimits
    shown?: ShownIndex
    /** Read the public page too when the number is untouched (the caller does not keep it). */
    readUntouched?: boolean
  },
): Promise<SearchStart> {
  const { limits, shown } = args
  const { day, start } = await startTogether(db, {
    k: 0,
    u: args.userId,
    s: args.sessionId,
    ph: args.phone,
    r: args.role,
    e: args.e164,
    c: args.country,
    o: args.own,
    sv: shown?.version ?? -1,
    se: shown?.epoch ?? -1,
    si: shown?.index ?? null,
    ru: args.readUntouched ?? false,
    lf: limits.free,
    l1: limits.tier1,
    l2: limits.tier2,
  })
  if (!start.viewer) throw new SessionChanged()
  const { dailyLimit, ...viewer } = start.viewer
  const refused = {
    viewer,
    left: null,
    used: dailyLimit,
    dailyLimit,
    day,
    numberId: null,
    part: null,
    again: null,
    indexed: null,
    untouched: null,
  }
  if (start.overrun) {
    await takeBackStatement(db, start.overrun)
    return refused
  }
  if (start.count === null) return refused
  return {
    viewer,
    left: Math.max(0, dailyLimit - start.count),
    used: start.count,
    dailyLimit,
    day,
    numberId: start.numberId,
    part: start.numberId === null ? null : (start.part ?? null),
    again: start.again ?? null,
    indexed: start.indexed ?? null,
    untouched: start.numberId !== null && start.untouched ? readUntouchedPage(start.untouched) : null,
  }
}

export async function setOverlimit(db: Db, userId: number, on: boolean): Promise<void> {
  await db.update(users).set({ overlimit: on }).where(eq(users.id, userId))
}

/** Whether the user turned paid searches past the daily limit on. */
export async function overlimitOf(db: Db, userId: number): Promise<boolean> {
  const [u] = await db.select({ overlimit: users.overlimit }).from(users).where(eq(users.id, userId))
  return u?.overlimit ?? false
}
