import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { contactNameHash } from '../../db/name-hash'
import { contacts, contactVotes, numbers, reports, users } from '../../db/schema'
import { notifyNewContactNames } from '../notifications/repository'

export interface BookEntry {
  country: string | null
  firstName: string | null
  lastName: string | null
}

const CHUNK = 500
const chunks = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK))

/**
 * Replaces the user's contact book with `book` (E.164 number → name), creating the numbers
 * it names; the owners of those numbers hear of a name their number was never saved under.
 */
export async function replaceContactBook(db: Db, ownerId: number, book: Map<string, BookEntry>): Promise<void> {
  await db.transaction(async (tx) => {
    // One upload per user at a time: a second one waits, then replaces this one's book.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${ownerId} for update`)
    const ids = new Map<string, number>()
    // Numbers in one order, so concurrent uploads sharing numbers cannot deadlock.
    const entries = [...book.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    for (const part of chunks(entries)) {
      const rows = await tx
        .insert(numbers)
        .values(part.map(([e164, c]) => ({ e164, country: c.country })))
        .onConflictDoUpdate({ target: numbers.e164, set: { e164: sql`excluded.e164` } })
        .returning({ id: numbers.id, e164: numbers.e164 })
      for (const row of rows) ids.set(row.e164, row.id)
    }
    await tx.delete(contacts).where(eq(contacts.ownerId, ownerId))
    for (const part of chunks(entries)) {
      await tx.insert(contacts).values(
        part.map(([e164, c]) => ({
          ownerId,
          numberId: ids.get(e164)!,
          firstName: c.firstName,
          lastName: c.lastName,
          nameHash: contactNameHash(c.firstName, c.lastName),
        })),
      )
    }
    await notifyNewContactNames(tx, ownerId)
  })
}

export interface ContactVote {
  userId: number
  numberId: number
  nameHash: string
  likeType: 'LIKE' | 'DISLIKE'
}

/** The user's like or dislike of a name on a number; one per user, number and name, the latest wins. */
export async function addContactVote(db: Db, vote: ContactVote): Promise<void> {
  await db
    .insert(contactVotes)
    .values(vote)
    .onConflictDoUpdate({
      target: [contactVotes.userId, contactVotes.numberId, contactVotes.nameHash],
      set: { likeType: vote.likeType, createdAt: sql`now()` },
    })
}

export async function removeContactVote(db: Db, vote: ContactVote): Promise<void> {
  await db
    .delete(contactVotes)
    .where(
      and(
        eq(contactVotes.userId, vote.userId),
        eq(contactVotes.numberId, vote.numberId),
        eq(contactVotes.nameHash, vote.nameHash),
        eq(contactVotes.likeType, vote.likeType),
      ),
    )
}

/** Reports a name on a number to the moderators; while the user's report on it is open, answers that one. */
export async function reportContactName(
  db: Db,
  report: { reporterId: number; numberId: number; nameHash: string; firstName: string | null; lastName: string | null; text: string },
) {
  const mine = and(
    eq(reports.reporterId, report.reporterId),
    eq(reports.targetType, 'contact'),
    eq(reports.numberId, report.numberId),
    eq(reports.nameHash, report.nameHash),
    inArray(reports.status, ['open']),
  )
  const [open] = await db.select({ id: reports.id, status: reports.status }).from(reports).where(mine).limit(1)
  if (open) return open
  const [row] = await db
    .insert(reports)
    .values({ ...report, targetType: 'contact' })
    .returning({ id: reports.id, status: reports.status })
  return row
}
