import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { bans, pollAnswers, tags } from '../../db/schema'
import { currentReputation } from '../reputation/repository'

type Poll = (typeof pollAnswers.$inferInsert)['poll']

/** True when every id is a known tag. */
export async function allTagsKnown(db: Db, ids: number[]): Promise<boolean> {
  if (!ids.length) return true
  const known = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids))
  return known.length === ids.length
}

/** Replaces the user's answers to one poll about a number with `tagIds` (none clears them). */
export async function replacePollAnswers(db: Db, userId: number, numberId: number, poll: Poll, tagIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(pollAnswers).where(and(eq(pollAnswers.userId, userId), eq(pollAnswers.numberId, numberId), eq(pollAnswers.poll, poll)))
    if (tagIds.length) {
      await tx
        .insert(pollAnswers)
        .values(tagIds.map((tagId) => ({ userId, numberId, tagId, poll })))
        .onConflictDoUpdate({ target: [pollAnswers.userId, pollAnswers.numberId, pollAnswers.tagId], set: { poll, createdAt: sql`now()` } })
    }
  })
}

export async function addBan(db: Db, userId: number, numberId: number): Promise<void> {
  await db.insert(bans).values({ userId, numberId }).onConflictDoNothing()
}

export async function removeBan(db: Db, userId: number, numberId: number): Promise<void> {
  await db.delete(bans).where(and(eq(bans.userId, userId), eq(bans.numberId, numberId)))
}

/**
 * What the number page shows after a ban or a poll answer: the index from the evidence
 * as it is now, the bans, and the viewer's own.
 */
export async function refreshReputation(db: Db, numberId: number, viewerId: number) {
  const { index } = await currentReputation(db, numberId)
  const [[count], mine, answers] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(bans)
      .where(eq(bans.numberId, numberId)),
    db
      .select({ n: sql<number>`1` })
      .from(bans)
      .where(and(eq(bans.numberId, numberId), eq(bans.userId, viewerId))),
    db
      .select({ tagId: pollAnswers.tagId })
      .from(pollAnswers)
      .where(and(eq(pollAnswers.numberId, numberId), eq(pollAnswers.userId, viewerId)))
      .orderBy(pollAnswers.tagId),
  ])
  return { index, bans: count?.n ?? 0, isBanned: mine.length > 0, pollAnswers: answers.map((a) => a.tagId) }
}
