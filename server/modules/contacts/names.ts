import { sql } from 'drizzle-orm'
import type { ContactName } from '../../../contract/api/numbers'
import type { Db } from '../../db/client'

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]))

/**
 * The names a number is saved under in users' contact books: each distinct name
 * (by hash) with how many users saved it and its likes and dislikes. Books of
 * deactivated users do not count.
 */
export async function contactNames(db: Db, numberId: number, viewerId: number, nameHash?: string): Promise<ContactName[]> {
  const result = await db.execute(sql`
    select c.name_hash,
      (array_agg(c.first_name order by c.id))[1] as first_name,
      (array_agg(c.last_name order by c.id))[1] as last_name,
      count(distinct c.owner_id)::int as count,
      coalesce(max(v.likes), 0)::int as likes,
      coalesce(max(v.dislikes), 0)::int as dislikes,
      max(v.mine) as mine
    from contacts c
    join users u on u.id = c.owner_id and u.deactivated_at is null
    left join (
      select name_hash,
        count(*) filter (where like_type = 'LIKE') as likes,
        count(*) filter (where like_type = 'DISLIKE') as dislikes,
        max(case when user_id = ${viewerId} then like_type end) as mine
      from contact_votes where number_id = ${numberId} group by name_hash
    ) v on v.name_hash = c.name_hash
    where c.number_id = ${numberId} ${nameHash ? sql`and c.name_hash = ${nameHash}` : sql``}
    group by c.name_hash
    order by count(distinct c.owner_id) desc, coalesce(max(v.likes), 0) - coalesce(max(v.dislikes), 0) desc, c.name_hash
    limit 100`)
  return rowsOf<{ name_hash: string; first_name: string | null; last_name: string | null; count: number; likes: number; dislikes: number; mine: string | null }>(result).map((r) => ({
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
