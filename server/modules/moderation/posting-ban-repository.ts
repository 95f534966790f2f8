import { sql, type SQL } from 'drizzle-orm'
import type { Param } from '../../db/client'
import { postingBans } from '../../db/schema'

/**
 * SQL: whether the user lost the right to post on the number (DESIGN.md section 5,
 * "Moderation"). A ban covers every text the user can put on the number (issue 29): comments,
 * replies, name suggestions, and the names their contact book gives it, which do not show.
 */
export const postingBannedSql = (userId: Param<number>, numberId: Param<number>): SQL =>
  sql`exists (select 1 from ${postingBans} pban where pban.user_id = ${userId} and pban.number_id = ${numberId} and pban.banned)`
