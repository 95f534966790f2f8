import { and, eq, sql } from 'drizzle-orm'
import { LIMITS } from '../../../contract/constants'
import type { Db } from '../../db/client'
import { hotStatement, jsonValue } from '../../db/client'
import { dailyLimitOf, planActive, spySubscription, type PlanLimits } from '../../db/entitlements'
import { dailyUsage, numbers, searchHistory, sessions, users } from '../../db/schema'
import { liveSession } from '../auth/sessions'
import { viewerPartFrom, viewerPartJson, type ViewerPart } from '../numbers/profile'

export const utcDay = (now = new Date()) => now.toISOString().slice(0, 10)

export const FREE_LIMITS: PlanLimits = { free: LIMITS.searchDailyLimit, tier1: LIMITS.searchDailyLimit, tier2: LIMITS.searchDailyLimit }

/** Today's limit by the user's plan, what is left of it, and whether a plan is in force. */
export async function searchAllowance(db: Db, userId: number, limits: PlanLimits): Promise<{ limit: number; left: number; planActive: boolean }> {
  const [row] = await db
    .select({ limit: dailyLimitOf(limits), planActive, count: sql<number>`coalesce(${dailyUsage.count}, 0)` })
    .from(users)
    .leftJoin(dailyUsage, and(eq(dailyUsage.userId, users.id), eq(dailyUsage.day, utcDay())))
    .where(eq(users.id, userId))
  const limit = row?.limit ?? limits.free
  return { limit, left: Math.max(0, limit - (row?.count ?? 0)), planActive: row?.planActive ?? false }
}

export interface SearchStart {
  viewer: { id: number; balance: number; spySubscription: boolean; planActive: boolean; overlimit: boolean; antispy: boolean; locale: string | null }
  /** Searches left today after this one; null when none was left (nothing was recorded then). */
  left: number | null
  /** Today's searches counted so far, this one included; the viewer's limit. */
  used: number
  dailyLimit: number
  /** The day (UTC) it was counted on. */
  day: string
  /** The number's row, created on first sight; null when the search was refused for the limit. */
  numberId: number | null
  /** What the viewer sees of the number beyond its public page, read in the same statement; null with numberId. */
  part: ViewerPart | null
  /**
   * The number was looked up by the viewer already today (issue 30): this look-up counted nothing.
   * `paid` says whether that first look-up was a paid one; `index` is the index its history row holds.
   */
  again: { paid: boolean; index: number | null } | null
}

interface StartValues {
  userId: number
  sessionId: string
  phone: string
  role: string
  e164: string
  country: string | null
  own: boolean
  day: string
  free: number
  tier1: number
  tier2: number
}

type StartRow = {
  start:
    | {
        viewer: (SearchStart['viewer'] & { dailyLimit: number }) | null
        count: number | null
        numberId: number | null
        part: ViewerPart | null
        again: SearchStart['again']
      }
    | string
}

/**
 * The start of a look-up in one statement (one database round trip): reads the viewer,
 * takes one of today's searches (none for your own number, none for a number the viewer
 * looked up already today: the page's actions reload it, issue 30), and when the search may
 * go ahead creates the number's row, records the look-up in the history (one row per number
 * and day; anonymous under anti-spy) and reads the viewer's part of the number's page. Past
 * the limit it changes nothing, so the caller can turn it into a paid search or the paid alert.
 */
const startStatement = hotStatement<StartRow, StartValues>((p) => sql`
    with
    -- The session check of the call too (ADR 0029): no viewer when the session ended or the
    -- account's phone or role is not what the caller took them for; then nothing changes.
    viewer as (
      select ${users.id} as id, ${users.balance} as balance, ${spySubscription} as "spySubscription", ${planActive} as "planActive",
        ${users.overlimit} as overlimit, ${users.antispy} as antispy, ${users.locale} as locale, ${dailyLimitOf(p)} as "dailyLimit"
      from ${users} where ${users.id} = ${p.userId}::int and ${users.phone} = ${p.phone}::text and ${users.role}::text = ${p.role}::text
        and ${users.deactivatedAt} is null
        and exists (select 1 from ${sessions} where ${liveSession(p.sessionId, p.userId)})
    ),
    known as (
      select id from ${numbers} where e164 = ${p.e164}::text
    ),
    -- Looked up by the viewer today already (not merely added by history/add): free again, paid or not.
    again as (
      select h.paid, h.reputation_index as index from ${searchHistory} h, known
      where h.user_id = ${p.userId}::int and h.number_id = known.id and h.day = ${p.day}::date and h.looked_up
    ),
    taken as (
      insert into ${dailyUsage} (user_id, day, count)
      select ${p.userId}::int, ${p.day}::date, 1 where not ${p.own}::boolean and not exists (select 1 from again) and exists (select 1 from viewer)
      on conflict (user_id, day) do update set count = ${dailyUsage}.count + 1 where ${dailyUsage}.count < (select "dailyLimit" from viewer)
      returning count
    ),
    used as (
      select count from ${dailyUsage} where user_id = ${p.userId}::int and day = ${p.day}::date
    ),
    free as (
      select 1 where ${p.own}::boolean or exists (select 1 from again)
    ),
    -- A number seen before is only read (no row lock: searches of one number never queue on it);
    -- a new one is created, and a race of two first searches still answers both with its id.
    created as (
      insert into ${numbers} (e164, country)
      select ${p.e164}::text, ${p.country}::text where (exists (select 1 from free) or exists (select 1 from taken)) and not exists (select 1 from known)
        and exists (select 1 from viewer)
      on conflict (e164) do update set e164 = excluded.e164
      returning id
    ),
    num as (
      select id from known where (exists (select 1 from free) or exists (select 1 from taken)) and exists (select 1 from viewer)
      union all
      select id from created
    ),
    -- One row per number and day: a look-up again writes nothing, unless the row was cleared from
    -- the list since (it shows again) or only history/add had written it.
    recorded as (
      insert into ${searchHistory} (user_id, number_id, day, paid, anonymous, looked_up)
      select ${p.userId}::int, num.id, ${p.day}::date, false, viewer.antispy, true from num, viewer
      on conflict (user_id, number_id, day) do update set cleared_at = null, looked_up = true, searched_at = now()
        where ${searchHistory}.cleared_at is not null or not ${searchHistory}.looked_up
    )
    select json_build_object(
      'viewer', (select row_to_json(viewer) from viewer),
      'count', case when exists (select 1 from free) then coalesce((select count from used), 0) else (select count from taken) end,
      'numberId', (select id from num),
      'again', (select row_to_json(again) from again),
      -- One round trip fewer per search: the viewer's part of the page in the same statement
      -- (a number created just now has nothing of the viewer's yet, and reads as empty).
      'part', case when exists (select 1 from num) then ${viewerPartJson(sql`(select id from num)`, p.userId)} end
    ) as start`,
  // Quiet on the embedded database (ADR 0033): what it writes (today's count, the history, a number
  // seen for the first time) is in no kept answer but the searcher's own, which the search keeps anew.
  { quiet: true },
)

/** The session of a look-up ended, or its account's phone or role changed, since the caller checked it. */
export class SessionChanged extends Error {
  constructor() {
    super('The session changed since it was checked')
  }
}

export async function startSearch(
  db: Db,
  args: { userId: number; sessionId: string; phone: string; role: string; e164: string; country: string | null; own: boolean; limits: PlanLimits },
): Promise<SearchStart> {
  const { limits, ...rest } = args
  const day = utcDay()
  const [row] = await startStatement(db, { ...rest, day, free: limits.free, tier1: limits.tier1, tier2: limits.tier2 })
  const start = jsonValue(row.start)
  if (!start.viewer) throw new SessionChanged()
  const { dailyLimit, ...viewer } = start.viewer
  return {
    viewer,
    left: start.count === null ? null : Math.max(0, dailyLimit - start.count),
    used: start.count ?? dailyLimit,
    dailyLimit,
    day,
    numberId: start.numberId,
    part: start.numberId === null || !start.part ? null : viewerPartFrom(start.part),
    again: start.again ?? null,
  }
}
