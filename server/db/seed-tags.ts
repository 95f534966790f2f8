import { sql } from 'drizzle-orm'
import { TAGS } from '../../contract/tags'
import type { Db } from './client'
import { tags } from './schema'
import { LOCKS, transactionLock } from './locks'

/**
 * The tag catalogue is code: keep the table in step with it, ids included, at every start.
 * Several server processes start at once on one PostgreSQL (WEB_CONCURRENCY): they take
 * turns, since two concurrent upserts by `code` of the same new rows collide on the id.
 */
export async function seedTags(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(transactionLock(LOCKS.seedTags))
    await tx
      .insert(tags)
      .values(TAGS.map((t) => ({ id: t.id, code: t.code, kind: t.kind, polarity: t.polarity })))
      .onConflictDoUpdate({ target: tags.code, set: { kind: sql`excluded.kind`, polarity: sql`excluded.polarity` } })
  })
}
