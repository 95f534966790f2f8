import { sql, type SQL } from 'drizzle-orm'
import type { ContactName } from '../../../contract/api/numbers'
import type { Db, Param } from '../../db/client'
import { rowsOf } from '../../db/client'
import { contacts, nameSuggestions, numbers, users } from '../../db/schema'
import { archivedName } from '../disputes/archived-name-repository'
import { postingBannedSql } from '../moderation/posting-ban-repository'
import { moderatedNameJoin, notRemovedName, shownNamePart } from '../moderation/moderated-name-repository'

/**
 * SQL for a FROM clause: friends of friends (DESIGN.md section 5), the viewer's friends
 * (`u`) who have the number in their book (`theirs`). A friend is mutual (issue 29, ADR
 * 0048): the viewer saved them in their own book (`mine`) AND they saved the viewer in
 * theirs (`back`). Putting someone's number in one's own book alone tells nothing about
 * their book. A friend who saved the number under a name an upheld new_owner dispute
 * archived knows the previous owner, not this one, and is not listed (nor asked for an
 * introduction); the same holds for the two entries that make the friendship.
 */
export function friendsWhoKnow(numberId: Param<number>, viewerId: Param<number>): SQL {
  return sql`${contacts} theirs
      join ${users} u on u.id = theirs.owner_id and u.deactivated_at is null and u.id <> ${viewerId}
      join ${numbers} un on un.e164 = u.phone
      join ${contacts} mine on mine.owner_id = ${viewerId} and mine.number_id = un.id
      join ${users} me on me.id = ${viewerId}
      join ${numbers} myn on myn.e164 = me.phone
      join ${contacts} back on back.owner_id = u.id and back.number_id = myn.id
      where theirs.number_id = ${numberId} and not ${archivedName(numberId, sql`theirs.name_hash`)}
        and not ${archivedName(sql`un.id`, sql`mine.name_hash`)} and not ${archivedName(sql`myn.id`, sql`back.name_hash`)}`
}

/** How many distinct users must suggest the same name before it counts (DESIGN.md section 5, "accepted name suggestions"). */
export const SUGGESTION_ACCEPTED_AT = 2

/**
 * The names a number is known under, one row per user and name (user_id, first_name,
 * last_name, name_hash, source 0 = contact book / 1 = suggestion, entry_id): every
 * contact-book entry, and every name suggestion whose name (same `contactNameHash`:
 * trimmed, case-insensitive) at least SUGGESTION_ACCEPTED_AT distinct users suggested.
 * An accepted suggestion is one vote per suggesting user, like a book entry; a user who
 * also saved the same name in their book still counts once where callers count
 * distinct users. Entries of deactivated users do not count, nor names an upheld
 * new_owner dispute archived (the previous owner's), nor the entries of a user banned from
 * posting on the number (a ban covers every text they can put there, issue 29), nor a name or
 * suggestion a moderator removed; a name a moderator edited shows as edited (issue 33). A
 * subquery for FROM.
 */
export function nameEntries(numberId: Param<number>): SQL {
  return sql`(
    select c.owner_id as user_id, ${shownNamePart('cm', 'first_name', sql`c.first_name`)} as first_name,
      ${shownNamePart('cm', 'last_name', sql`c.last_name`)} as last_name, c.name_hash, 0 as source, c.id as entry_id
    from ${contacts} c join ${users} cu on cu.id = c.owner_id and cu.deactivated_at is null
      ${moderatedNameJoin('cm', numberId, sql`c.name_hash`)}
    where c.number_id = ${numberId} and not ${archivedName(numberId, sql`c.name_hash`)} and not ${postingBannedSql(sql`c.owner_id`, numberId)}
      and ${notRemovedName('cm')}
    union all
    select s.user_id, ${shownNamePart('sm', 'first_name', sql`s.first_name`)} as first_name,
      ${shownNamePart('sm', 'last_name', sql`s.last_name`)} as last_name, s.name_hash, 1 as source, s.id as entry_id
    from ${nameSuggestions} s join ${users} su on su.id = s.user_id and su.deactivated_at is null
      ${moderatedNameJoin('sm', numberId, sql`s.name_hash`)}
    where s.number_id = ${numberId} and s.removed_at is null and not ${archivedName(numberId, sql`s.name_hash`)}
      and not ${postingBannedSql(sql`s.user_id`, numberId)} and ${notRemovedName('sm')} and s.name_hash in (
      select s2.name_hash from ${nameSuggestions} s2 join ${users} su2 on su2.id = s2.user_id and su2.deactivated_at is null
      where s2.number_id = ${numberId} and s2.removed_at is null and not ${postingBannedSql(sql`s2.user_id`, numberId)}
      group by s2.name_hash having count(distinct s2.user_id) >= ${SUGGESTION_ACCEPTED_AT})
  )`
}

/**
 * The names a number is known under (contact books and accepted suggestions, see
 * nameEntries): each distinct name (by hash) with how many users gave it and its
 * likes and dislikes.
 */
export async function contactNames(db: Db, numberId: number, viewerId: number, nameHash?: string): Promise<ContactName[]> {
  const result = await db.execute(sql`
    select c.name_hash,
      (array_agg(c.first_name order by c.source, c.entry_id))[1] as first_name,
      (array_agg(c.last_name order by c.source, c.entry_id))[1] as last_name,
      count(distinct c.user_id)::int as count,
      coalesce(max(v.likes), 0)::int as likes,
      coalesce(max(v.dislikes), 0)::int as dislikes,
      max(v.mine) as mine
    from ${nameEntries(numberId)} c
    left join (
      select name_hash,
        count(*) filter (where like_type = 'LIKE') as likes,
        count(*) filter (where like_type = 'DISLIKE') as dislikes,
        max(case when user_id = ${viewerId} then like_type end) as mine
      from contact_votes where number_id = ${numberId} group by name_hash
    ) v on v.name_hash = c.name_hash
    ${nameHash ? sql`where c.name_hash = ${nameHash}` : sql``}
    group by c.name_hash
    order by count(distinct c.user_id) desc, coalesce(max(v.likes), 0) - coalesce(max(v.dislikes), 0) desc, c.name_hash
    limit 100`)
  return rowsOf<{
    name_hash: string
    first_name: string | null
    last_name: string | null
    count: number
    likes: number
    dislikes: number
    mine: string | null
  }>(result).map((r) => ({
    firstName: r.first_name,
    lastName: r.last_name,
    name_hash: r.name_hash,
    count: Number(r.count),
    reviewResult: Number(r.likes) - Number(r.dislikes),
    likes: Number(r.likes),
    dislikes: Number(r.dislikes),
    hasLike: r.mine === 'LIKE',
    hasDislike: r.mine === 'DISLIKE',
  }))
}
