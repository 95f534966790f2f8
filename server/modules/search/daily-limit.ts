import { and, eq, sql } from 'drizzle-orm'
import { LIMITS } from '../../../contract/constants'
import type { Db } from '../../db/client'
import { executePrepared, jsonValue } from '../../db/client'
import { dailyLimitOf, planActive, spySubscription, type PlanLimits } from '../../db/entitlements'
import { dailyUsage, numbers, searchHistory, users } from '../../db/schema'

const utcDay = (now = new Date()) => now.toISOString().slice(0, 10)

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
  /** The number's row, created on first sight; null when the search was refused for the limit. */
  numberId: number | null
}


/**
 * The start of a look-up in one statement (one database round trip): reads the viewer,
 * takes one of today's searches (none for your own number), and when the search may go
 * ahead creates the number's row and records the search in the history (anonymous under
 * anti-spy). Past the limit it changes nothing, so the caller can turn it into a paid
 * search or the paid alert.
 */
export async function startSearch(
  db: Db,
  args: { userId: number; e164: string; country: string | null; own: boolean; limits: PlanLimits },
): Promise<SearchStart> {
  const day = utcDay()
  const [row] = await executePrepared<{ start: { viewer: SearchStart['viewer'] & { dailyLimit: number }; count: number | null; numberId: number | null } | string }>(db, sql`
    with
    viewer as (
      select ${users.id} as id, ${users.balance} as balance, ${spySubscription} as "spySubscription", ${planActive} as "planActive",
        ${users.overlimit} as overlimit, ${users.antispy} as antispy, ${users.locale} as locale, ${dailyLimitOf(args.limits)} as "dailyLimit"
      from ${users} where ${users.id} = ${args.userId}::int
    ),
    taken as (
      insert into ${dailyUsage} (user_id, day, count)
      select ${args.userId}::int, ${day}::date, 1 where not ${args.own}::boolean
      on conflict (user_id, day) do update set count = ${dailyUsage}.count + 1 where ${dailyUsage}.count < (select "dailyLimit" from viewer)
      returning count
    ),
    used as (
      select count from ${dailyUsage} where user_id = ${args.userId}::int and day = ${day}::date
    ),
    known as (
      select id from ${numbers} where e164 = ${args.e164}::text
    ),
    -- A number seen before is only read (no row lock: searches of one number never queue on it);
    -- a new one is created, and a race of two first searches still answers both with its id.
    created as (
      insert into ${numbers} (e164, country)
      select ${args.e164}::text, ${args.country}::text where (${args.own}::boolean or exists (select 1 from taken)) and not exists (select 1 from known)
      on conflict (e164) do update set e164 = excluded.e164
      returning id
    ),
    num as (
      select id from known where ${args.own}::boolean or exists (select 1 from taken)
      union all
      select id from created
    ),
    recorded as (
      insert into ${searchHistory} (user_id, number_id, paid, anonymous)
      select ${args.userId}::int, num.id, false, viewer.antispy from num, viewer
    )
    select json_build_object(
      'viewer', (select row_to_json(viewer) from viewer),
      'count', case when ${args.own}::boolean then coalesce((select count from used), 0) else (select count from taken) end,
      'numberId', (select id from num)
    ) as start`)
  const start = jsonValue(row.start)
  const { dailyLimit, ...viewer } = start.viewer
  return { viewer, left: start.count === null ? null : Math.max(0, dailyLimit - start.count), numberId: start.numberId }
}
