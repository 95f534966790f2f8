import { sql, type SQL } from 'drizzle-orm'
import type { Param } from '../../db/client'
import { moderatedNames } from '../../db/schema'

/**
 * SQL for a LEFT JOIN: the moderators' decision (`alias`) on the crowd name `nameHash` (a
 * column) of the number (issue 33). No row: as given. `removed`: the name does not show.
 * Otherwise it shows as the moderator edited it (see moderatedFirst / moderatedLast).
 */
export const moderatedNameJoin = (alias: string, numberId: Param<number>, nameHash: SQL): SQL =>
  sql`left join ${moderatedNames} ${sql.raw(alias)} on ${sql.raw(alias)}.number_id = ${numberId} and ${sql.raw(alias)}.name_hash = ${nameHash}`

/** SQL: the name is not one a moderator removed (with moderatedNameJoin under `alias`). */
export const notRemovedName = (alias: string): SQL => sql`${sql.raw(alias)}.removed is not true`

/** SQL: the first or last name as it shows: the moderator's edit when there is one (with moderatedNameJoin under `alias`). */
export const shownNamePart = (alias: string, part: 'first_name' | 'last_name', given: SQL): SQL =>
  sql`case when ${sql.raw(alias)}.name_hash is null then ${given} else ${sql.raw(`${alias}.${part}`)} end`
