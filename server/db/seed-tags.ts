import { sql } from 'drizzle-orm'
import { TAGS } from '../../contract/tags'
import type { Db } from './client'
import { tags } from './schema'

/** The tag catalogue is code: keep the table in step with it, ids included, at every start. */
export async function seedTags(db: Db): Promise<void> {
  await db
    .insert(tags)
    .values(TAGS.map((t) => ({ id: t.id, code: t.code, kind: t.kind, polarity: t.polarity })))
    .onConflictDoUpdate({ target: tags.code, set: { kind: sql`excluded.kind`, polarity: sql`excluded.polarity` } })
}
