import { sql, type SQL } from 'drizzle-orm'
import { disputes } from '../../db/schema'
import type { Param } from '../../db/client'

/**
 * An upheld `new_owner` dispute keeps the crowd names it archived in its `discount` list as
 * `name:<hash>` (contact books are replaced on every upload, so a date alone would bring the
 * previous owner's names back); evidence kinds and sources are listed plainly.
 */
export const ARCHIVED_NAME = 'name:'

/** SQL: whether an upheld new_owner dispute of the number archived the name `nameHash` (a column). */
export const archivedName = (numberId: Param<number>, nameHash: SQL): SQL =>
  sql`exists (select 1 from ${disputes} arch where arch.number_id = ${numberId} and arch.status = 'upheld' and arch.category = 'new_owner'
    and arch.discount @> jsonb_build_array(${ARCHIVED_NAME}::text || ${nameHash}))`
