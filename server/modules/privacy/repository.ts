import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { rowsOf } from '../../db/client'
import { comments, contacts, contactVotes, notes, reactions, searchHistory, sessions, threadReplies, users } from '../../db/schema'
import { conflict } from '../../errors'
import { voidKeys } from '../auth/key-repository'
import { revokeAllDevices } from '../device/repository'

/** Signing in again within this many days of deactivating restores the account; after it the purge job erases it. */
export const RESTORE_DAYS = 30
export const RESTORE_MS = RESTORE_DAYS * 86_400_000

export interface PrivacyDeleted {
  history: number
  contacts: number
  notes: number
  lookups: number
}

/**
 * Deletes the user's privacy data (DESIGN.md section 9) in one transaction: every
 * look-up record (so the user vanishes from other owners' "who looked me up" too), the
 * uploaded contact book with the user's votes on names, and the private notes. Balance,
 * ledger, purchases, plan, comments and replies stay. Answers what went, per kind.
 */
export async function deletePrivacyData(db: Db, userId: number): Promise<PrivacyDeleted> {
  return db.transaction(async (tx) => {
    const looks = await tx.delete(searchHistory).where(eq(searchHistory.userId, userId)).returning({ cleared: searchHistory.clearedAt })
    const book = await tx.delete(contacts).where(eq(contacts.ownerId, userId)).returning({ id: contacts.id })
    await tx.delete(contactVotes).where(eq(contactVotes.userId, userId))
    const gone = await tx.delete(notes).where(eq(notes.userId, userId)).returning({ id: notes.id })
    // The numbers marked as the user's (viewer_marks) are again only those their remaining rows name: none for a note gone.
    await tx.execute(sql`delete from viewer_marks where user_id = ${userId}`)
    await tx.execute(
      sql`insert into viewer_marks (user_id, number_id) select user_id, number_id from viewer_mark_sources where user_id = ${userId}`,
    )
    // A one-time key made before the deletion opens the account no more (issue 29).
    await voidKeys(tx, userId)
    return {
      history: looks.filter((l) => l.cleared === null).length,
      contacts: book.length,
      notes: gone.length,
      lookups: looks.length,
    }
  })
}

/**
 * Deactivates the account (DESIGN.md section 9) and revokes every session, in one
 * transaction. The number is unlisted and the user's texts hidden by the
 * `deactivated_at` checks of the queries that show them. 409 when already deactivated
 * (a second call racing the first).
 */
export async function deactivateUser(db: Db, userId: number, now = new Date()): Promise<{ deactivatedAt: Date; restoreUntil: Date }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ deactivatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.deactivatedAt)))
      .returning({ deactivatedAt: users.deactivatedAt })
    if (!row) throw conflict('This profile is already deactivated')
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    // Its one-time keys too: none signs in after the account is restored (issue 29). And its device passwords.
    await voidKeys(tx, userId, now)
    await revokeAllDevices(tx, userId, now)
    return { deactivatedAt: now, restoreUntil: new Date(now.getTime() + RESTORE_MS) }
  })
}

/** Accounts deactivated before `cutoff` and not purged yet, oldest first. */
export async function purgeCandidates(db: Db, cutoff: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deactivatedAt), lt(users.deactivatedAt, cutoff), isNull(users.purgedAt)))
    .orderBy(users.deactivatedAt, users.id)
    .limit(limit)
  return rows.map((r) => r.id)
}

/**
 * Erases one account's personal data (DESIGN.md section 9) in one transaction, when it
 * is still deactivated since before `cutoff` and not purged: the row is locked and
 * checked first, so a run racing another one, or a sign-in restoring the account,
 * purges it once or not at all. Texts, their replies and the reactions on them,
 * reactions (counters recounted), notes, contact book, votes, poll answers, bans, name
 * suggestions, history, daily usage, notifications (to and by the user), sessions,
 * one-time keys, sign-in codes of the number, disputes, introduction requests and
 * answers, reports and posting bans go; the name is cleared and the phone replaced by
 * `purged:<id>` so the number can sign up afresh. The `users` row, its balance, the
 * coin ledger, payments and plans stay: the records the law requires. True when purged.
 */
export async function purgeUser(db: Db, userId: number, cutoff: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, phone: users.phone })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.purgedAt), isNotNull(users.deactivatedAt), lt(users.deactivatedAt, cutoff)))
      .for('update')
    if (!user) return false
    const q = (query: ReturnType<typeof sql>) => tx.execute(query)

    // Reactions by the user: gone, and the counters of what they reacted to follow.
    const reacted = rowsOf<{ target_type: 'comment' | 'thread'; target_id: number; ups: number }>(
      await q(sql`
        with gone as (delete from ${reactions} where user_id = ${userId} returning target_type, target_id, kind, amount)
        select target_type, target_id, coalesce(sum(amount) filter (where kind = 'COMMENT_UP'), 0)::int as ups
        from gone group by target_type, target_id`),
    )
    for (const r of reacted) {
      const table = r.target_type === 'thread' ? threadReplies : comments
      const count = (kind: string) =>
        sql<number>`(select count(*)::int from ${reactions} where target_type = ${r.target_type} and target_id = ${r.target_id} and kind = ${kind})`
      await tx
        .update(table)
        .set({ likes: count('LIKE'), dislikes: count('DISLIKE'), commentUps: sql`greatest(0, ${table.commentUps} - ${Number(r.ups)})` })
        .where(eq(table.id, Number(r.target_id)))
    }

    // The user's texts, with the reactions of others on them (reactions have no foreign key).
    await q(sql`
      delete from reactions r where (r.target_type = 'thread' and r.target_id in (
          select t.id from thread_replies t where t.user_id = ${userId}
          or t.comment_id in (select c.id from comments c where c.user_id = ${userId})))
        or (r.target_type = 'comment' and r.target_id in (select c.id from comments c where c.user_id = ${userId}))`)
    await q(sql`delete from thread_replies where user_id = ${userId}`)
    // Replies to the user's comments and the hiding of them go with them (foreign keys cascade).
    await q(sql`delete from comments where user_id = ${userId}`)
    // Reviews the user hid on their own number show again.
    await q(sql`delete from comment_subscriptions where user_id = ${userId}`)
    await q(sql`update comments set hidden_by = null, hidden_until = null where hidden_by = ${userId}`)

    // What the user said about numbers. Poll answers and bans are evidence: the numbers' pages count them no more.
    await q(sql`delete from poll_answers where user_id = ${userId}`)
    await q(sql`delete from bans where user_id = ${userId}`)
    await q(sql`delete from name_suggestions where user_id = ${userId}`)
    await q(sql`delete from contact_votes where user_id = ${userId}`)
    await q(sql`delete from contacts where owner_id = ${userId}`)
    await q(sql`delete from notes where user_id = ${userId}`)
    await q(sql`delete from search_history where user_id = ${userId}`)
    await q(sql`delete from daily_usage where user_id = ${userId}`)
    await q(sql`delete from reports where reporter_id = ${userId}`)
    await q(sql`update complaints set user_id = null where user_id = ${userId}`)
    await q(sql`delete from posting_bans where user_id = ${userId}`)
    await q(sql`delete from viewer_marks where user_id = ${userId}`)

    // Introductions asked by or of the user, the inbox both ways, disputes.
    await q(sql`update introduction_requests set accepted_by = null where accepted_by = ${userId}`)
    await q(sql`delete from introduction_answers where user_id = ${userId}`)
    await q(sql`delete from introduction_requests where from_user_id = ${userId}`)
    await q(sql`delete from notifications where user_id = ${userId} or actor_id = ${userId}`)
    await q(sql`delete from disputes where user_id = ${userId}`)

    // Ways back in: sessions, one-time keys, sign-in codes confirmed for the number.
    await q(sql`delete from sessions where user_id = ${userId}`)
    await q(sql`delete from device_passwords where user_id = ${userId}`)
    await q(sql`delete from one_time_keys where user_id = ${userId}`)
    await q(sql`delete from auth_codes where confirmed_phone = ${user.phone}`)

    await tx
      .update(users)
      .set({ phone: `purged:${userId}`, firstName: null, lastName: null, locale: null, purgedAt: new Date() })
      .where(eq(users.id, userId))
    return true
  })
}
