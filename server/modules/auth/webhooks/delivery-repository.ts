import { and, eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { webhookEvents } from '../../../db/schema'

/** Records a provider's event as seen; false when it was seen before (providers redeliver). */
export async function claimEvent(db: Db, provider: string, eventId: string): Promise<boolean> {
  const inserted = await db.insert(webhookEvents).values({ provider, eventId }).onConflictDoNothing().returning()
  return inserted.length > 0
}

/** Forgets a claimed event, so that the provider's next delivery of it is processed. */
export async function forgetEvent(db: Db, provider: string, eventId: string): Promise<void> {
  await db.delete(webhookEvents).where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)))
}
