import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { contactNameHash } from '../../db/name-hash'
import { nameSuggestions, notes } from '../../db/schema'
import { notifyAcceptedSuggestion } from '../notifications/repository'

/** Keeps the user's note on a number: one per user and number, a new one replaces it. */
export async function saveNote(db: Db, userId: number, numberId: number, text: string): Promise<{ id: number; text: string }> {
  const [row] = await db
    .insert(notes)
    .values({ userId, numberId, text })
    .onConflictDoUpdate({ target: [notes.userId, notes.numberId], set: { text: sql`excluded.text`, createdAt: sql`now()` } })
    .returning({ id: notes.id, text: notes.text })
  return row
}

/** Deletes the user's note on a number; false when there was none. */
export async function deleteNote(db: Db, userId: number, numberId: number): Promise<boolean> {
  const deleted = await db
    .delete(notes)
    .where(and(eq(notes.userId, userId), eq(notes.numberId, numberId)))
    .returning({ id: notes.id })
  return deleted.length > 0
}

/**
 * The user's name suggestion for a number (one per user and number); no name at all clears
 * it. A suggestion that makes a name count tells the number's owner about the new name.
 */
export async function saveSuggestion(
  db: Db,
  userId: number,
  numberId: number,
  firstName: string | null,
  lastName: string | null,
): Promise<void> {
  if (firstName === null && lastName === null) {
    await db.delete(nameSuggestions).where(and(eq(nameSuggestions.userId, userId), eq(nameSuggestions.numberId, numberId)))
    return
  }
  const nameHash = contactNameHash(firstName, lastName)
  await db.transaction(async (tx) => {
    await tx
      .insert(nameSuggestions)
      .values({ userId, numberId, firstName, lastName, nameHash })
      .onConflictDoUpdate({
        target: [nameSuggestions.userId, nameSuggestions.numberId],
        set: {
          firstName: sql`excluded.first_name`,
          lastName: sql`excluded.last_name`,
          nameHash: sql`excluded.name_hash`,
          createdAt: sql`now()`,
        },
      })
    const name = [firstName, lastName].filter(Boolean).join(' ')
    await notifyAcceptedSuggestion(tx, { userId, numberId, nameHash, name })
  })
}
