import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm'
import type { ModerationLogEntry, ModerationQueueItem } from '../../../contract/api/community'
import type { Db } from '../../db/client'
import {
  comments,
  complaints,
  moderatedNames,
  moderationLog,
  nameSuggestions,
  numbers,
  postingBans,
  reports,
  threadReplies,
  users,
} from '../../db/schema'
import { forbidden } from '../../errors'
import type { AuthUser } from '../../plugins/auth'
import { contactNames } from '../contacts/name-repository'

export function assertModerator(user: AuthUser): void {
  if (user.role !== 'moderator' && user.role !== 'admin') throw forbidden('Only moderators and administrators can do this')
}

export type TextTarget = 'comment' | 'thread'

/**
 * What a moderator removes or edits: a comment or reply by id, a name suggestion by id, or a
 * contact name of a number by its hash (as a contact report names it, issue 33).
 */
export type ModerationTarget =
  { type: TextTarget; id: number } | { type: 'suggestion'; id: number } | { type: 'contact'; numberId: number; nameHash: string }

/** The moderators' decision on a crowd name of a number; null when there is none. `lock` holds the number while deciding. */
export async function moderatedName(db: Db, numberId: number, nameHash: string, lock = false) {
  if (lock) await db.select({ id: numbers.id }).from(numbers).where(eq(numbers.id, numberId)).for('update')
  const [row] = await db
    .select({ removed: moderatedNames.removed, firstName: moderatedNames.firstName, lastName: moderatedNames.lastName })
    .from(moderatedNames)
    .where(and(eq(moderatedNames.numberId, numberId), eq(moderatedNames.nameHash, nameHash)))
  return row ?? null
}

/** One user's name suggestion for a number; null when none has that id. */
export async function findSuggestion(db: Db, id: number, lock = false) {
  const q = db
    .select({
      id: nameSuggestions.id,
      userId: nameSuggestions.userId,
      numberId: nameSuggestions.numberId,
      firstName: nameSuggestions.firstName,
      lastName: nameSuggestions.lastName,
      nameHash: nameSuggestions.nameHash,
      removedAt: nameSuggestions.removedAt,
    })
    .from(nameSuggestions)
    .where(eq(nameSuggestions.id, id))
  const [row] = lock ? await q.for('update') : await q
  if (!row) return null
  return { ...row, name: [row.firstName, row.lastName].filter(Boolean).join(' '), removed: row.removedAt !== null }
}

export interface TextRow {
  id: number
  commentId: number
  userId: number
  numberId: number
  e164: string
  text: string
  removed: boolean
}

/** A comment or reply with the number it is on; null when none has that id. */
export async function findText(db: Db, type: TextTarget, id: number, lock = false): Promise<TextRow | null> {
  if (type === 'comment') {
    const q = db
      .select({
        id: comments.id,
        userId: comments.userId,
        numberId: comments.numberId,
        e164: numbers.e164,
        text: comments.text,
        removedAt: comments.removedAt,
      })
      .from(comments)
      .innerJoin(numbers, eq(numbers.id, comments.numberId))
      .where(eq(comments.id, id))
    const [row] = lock ? await q.for('update', { of: comments }) : await q
    return row
      ? {
          id: row.id,
          commentId: row.id,
          userId: row.userId,
          numberId: row.numberId,
          e164: row.e164,
          text: row.text,
          removed: row.removedAt !== null,
        }
      : null
  }
  const q = db
    .select({
      id: threadReplies.id,
      commentId: threadReplies.commentId,
      userId: threadReplies.userId,
      numberId: comments.numberId,
      e164: numbers.e164,
      text: threadReplies.text,
      removedAt: threadReplies.removedAt,
    })
    .from(threadReplies)
    .innerJoin(comments, eq(comments.id, threadReplies.commentId))
    .innerJoin(numbers, eq(numbers.id, comments.numberId))
    .where(eq(threadReplies.id, id))
  const [row] = lock ? await q.for('update', { of: threadReplies }) : await q
  return row
    ? {
        id: row.id,
        commentId: row.commentId,
        userId: row.userId,
        numberId: row.numberId,
        e164: row.e164,
        text: row.text,
        removed: row.removedAt !== null,
      }
    : null
}

export async function logAction(
  db: Db,
  moderatorId: number,
  action: string,
  targetType: string,
  targetId: number | null,
  details: Record<string, unknown>,
): Promise<void> {
  await db.insert(moderationLog).values({ moderatorId, action, targetType, targetId, details })
}

/**
 * Counts a removal that followed a complaint against the author's right to post on
 * the number; the second one bans them from posting there (SPEC.md section 1).
 */
export async function countRemovalAfterComplaint(db: Db, userId: number, numberId: number): Promise<{ removals: number; banned: boolean }> {
  const [row] = await db
    .insert(postingBans)
    .values({ userId, numberId, removals: 1, banned: false })
    .onConflictDoUpdate({
      target: [postingBans.userId, postingBans.numberId],
      set: { removals: sql`${postingBans.removals} + 1`, banned: sql`${postingBans.banned} or ${postingBans.removals} + 1 >= 2` },
    })
    .returning({ removals: postingBans.removals, banned: postingBans.banned })
  return row
}

export async function removalsOf(db: Db, userId: number, numberId: number): Promise<{ removals: number; banned: boolean }> {
  const [row] = await db
    .select({ removals: postingBans.removals, banned: postingBans.banned })
    .from(postingBans)
    .where(and(eq(postingBans.userId, userId), eq(postingBans.numberId, numberId)))
  return row ?? { removals: 0, banned: false }
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

/**
 * One page of reports and complaints, each with the reported text as it is now, its
 * author's standing on the number and the moderators' actions on it. Open items come
 * oldest first (work them in order); closed ones (resolved or rejected) latest closed first.
 */
export async function moderationQueue(
  db: Db,
  kind: 'report' | 'complaint' | 'all',
  status: 'open' | 'closed',
  limit: number,
  offset: number,
) {
  const open = status === 'open'
  const which = open ? sql`status = 'open'` : sql`status <> 'open'`
  // Both kinds in one ordered page: ids and dates from a union, details fetched after.
  const parts = [
    ...(kind !== 'complaint' ? [sql`select 'report' as kind, id, created_at, resolved_at from ${reports} where ${which}`] : []),
    ...(kind !== 'report' ? [sql`select 'complaint' as kind, id, created_at, resolved_at from ${complaints} where ${which}`] : []),
  ]
  const order = open ? sql`created_at asc, kind, id` : sql`coalesce(resolved_at, created_at) desc, kind, id desc`
  const rows = await db.execute<{ kind: 'report' | 'complaint'; id: number; created_at: string | Date }>(sql`
    select * from (${sql.join(parts, sql` union all `)}) q order by ${order} limit ${limit} offset ${offset}`)
  const page = ((rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[])) as Array<{
    kind: 'report' | 'complaint'
    id: number
  }>
  const statusIs = (col: typeof reports.status | typeof complaints.status) => (open ? eq(col, 'open') : ne(col, 'open'))
  const [[{ r }], [{ c }]] = await Promise.all([
    kind === 'complaint'
      ? [{ r: 0 }]
      : db
          .select({ r: sql<number>`count(*)::int` })
          .from(reports)
          .where(statusIs(reports.status)),
    kind === 'report'
      ? [{ c: 0 }]
      : db
          .select({ c: sql<number>`count(*)::int` })
          .from(complaints)
          .where(statusIs(complaints.status)),
  ])
  const items: ModerationQueueItem[] = []
  for (const entry of page) {
    const id = Number(entry.id)
    if (entry.kind === 'report') {
      const [rep] = await db.select().from(reports).where(eq(reports.id, id))
      if (!rep) continue
      items.push({
        kind: 'report',
        id,
        targetType: rep.targetType,
        targetId: rep.targetId,
        text: rep.text,
        createdAtTimestamp: seconds(rep.createdAt),
        reporter: { profileId: rep.reporterId, name: null, email: null },
        extra: rep.nameHash ? { name_hash: rep.nameHash, first_name: rep.firstName, last_name: rep.lastName } : null,
        status: rep.status,
        resolvedAtTimestamp: rep.resolvedAt ? seconds(rep.resolvedAt) : null,
        target:
          rep.targetType === 'contact' && rep.numberId !== null && rep.nameHash !== null
            ? await describeName(db, rep.numberId, rep.nameHash, [rep.firstName, rep.lastName].filter(Boolean).join(' '))
            : await describeTarget(db, rep.targetType, rep.targetId),
        log: await actionsOn(db, 'report', id, rep.targetType, rep.targetId, rep.targetType === 'contact' ? rep : null),
      })
    } else {
      const [com] = await db.select().from(complaints).where(eq(complaints.id, id))
      if (!com) continue
      items.push({
        kind: 'complaint',
        id,
        targetType: com.targetType,
        targetId: com.targetId,
        text: com.message,
        createdAtTimestamp: seconds(com.createdAt),
        reporter: { profileId: com.userId, name: com.name, email: com.email },
        extra: (com.extra as Record<string, unknown> | null) ?? null,
        status: com.status,
        resolvedAtTimestamp: com.resolvedAt ? seconds(com.resolvedAt) : null,
        target: await describeTarget(db, com.targetType, com.targetId),
        log: await actionsOn(db, 'complaint', id, com.targetType, com.targetId),
      })
    }
  }
  return { items, total: r + c }
}

/**
 * A reported contact name as the queue shows it: the name as the number shows it now (as
 * the reporter saw it once removed); null when it no longer shows for another reason.
 */
async function describeName(db: Db, numberId: number, nameHash: string, reported: string): Promise<ModerationQueueItem['target']> {
  const [[num], decided, [shown]] = await Promise.all([
    db.select({ e164: numbers.e164 }).from(numbers).where(eq(numbers.id, numberId)),
    moderatedName(db, numberId, nameHash),
    contactNames(db, numberId, 0, nameHash),
  ])
  if (!num || (!decided?.removed && !shown)) return null
  const text = shown ? [shown.firstName, shown.lastName].filter(Boolean).join(' ') : reported
  return {
    text,
    authorId: null,
    phoneNumber: num.e164,
    commentId: null,
    removed: Boolean(decided?.removed),
    authorName: null,
    removalsAfterComplaint: 0,
    postingBanned: false,
  }
}

async function describeTarget(db: Db, type: string, id: number | null): Promise<ModerationQueueItem['target']> {
  if (id === null || (type !== 'comment' && type !== 'thread')) return null
  const t = await findText(db, type, id)
  if (!t) return null
  const [[author], standing] = await Promise.all([
    db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, t.userId)),
    removalsOf(db, t.userId, t.numberId),
  ])
  const authorName = [author?.firstName, author?.lastName].filter(Boolean).join(' ') || null
  return {
    text: t.text,
    authorId: t.userId,
    phoneNumber: t.e164,
    commentId: t.commentId,
    removed: t.removed,
    authorName,
    removalsAfterComplaint: standing.removals,
    postingBanned: standing.banned,
  }
}

const LOGGED_ACTIONS = ['remove', 'edit', 'resolve'] as const

/** The log rows about a report or complaint itself and about the text it names (a contact name: `name`), oldest first. */
async function actionsOn(
  db: Db,
  kind: 'report' | 'complaint',
  id: number,
  targetType: string,
  targetId: number | null,
  name: { numberId: number | null; nameHash: string | null } | null = null,
): Promise<ModerationLogEntry[]> {
  const aboutItem = and(eq(moderationLog.targetType, kind), eq(moderationLog.targetId, id))
  const aboutText =
    name && name.numberId !== null && name.nameHash !== null
      ? and(
          eq(moderationLog.targetType, 'contact'),
          eq(moderationLog.targetId, name.numberId),
          sql`${moderationLog.details}->>'nameHash' = ${name.nameHash}`,
        )
      : targetId !== null && (targetType === 'comment' || targetType === 'thread')
        ? and(eq(moderationLog.targetType, targetType), eq(moderationLog.targetId, targetId))
        : undefined
  const rows = await db
    .select()
    .from(moderationLog)
    .where(and(inArray(moderationLog.action, [...LOGGED_ACTIONS]), aboutText ? or(aboutItem, aboutText) : aboutItem))
    .orderBy(asc(moderationLog.id))
  return rows.map((row) => {
    const details = (row.details ?? {}) as { status?: unknown; reason?: unknown; text?: unknown; before?: unknown }
    const before = row.action === 'remove' ? details.text : row.action === 'edit' ? details.before : null
    return {
      id: row.id,
      action: row.action as ModerationLogEntry['action'],
      moderatorId: row.moderatorId,
      createdAtTimestamp: seconds(row.createdAt),
      status: details.status === 'resolved' || details.status === 'rejected' ? details.status : null,
      reason: typeof details.reason === 'string' && details.reason !== '' ? details.reason : null,
      before: typeof before === 'string' ? before : null,
    }
  })
}

/** The open reports and complaints about one text. */
export async function openCasesAbout(db: Db, type: TextTarget, id: number) {
  const [reps, coms] = await Promise.all([
    db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.status, 'open'))),
    db
      .select({ id: complaints.id })
      .from(complaints)
      .where(and(eq(complaints.targetType, type), eq(complaints.targetId, id), eq(complaints.status, 'open'))),
  ])
  return { reportIds: reps.map((x) => x.id), complaintIds: coms.map((x) => x.id) }
}

/**
 * The open reports about a contact name of a number. (A complaint about a contact names no
 * number, so only the one a moderator names is closed with a removal.)
 */
export async function openContactCases(db: Db, numberId: number, nameHash: string) {
  const reps = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(eq(reports.targetType, 'contact'), eq(reports.numberId, numberId), eq(reports.nameHash, nameHash), eq(reports.status, 'open')),
    )
  return { reportIds: reps.map((x) => x.id), complaintIds: [] as number[] }
}

/** Reports a comment or reply to the moderators; while the user's report on it is open, answers that one's id. */
export async function fileReport(
  db: Db,
  report: { reporterId: number; targetType: TextTarget; targetId: number; numberId: number; text: string },
): Promise<number> {
  // Reporting the same text again while the first report is open changes nothing.
  const [open] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, report.reporterId),
        eq(reports.targetType, report.targetType),
        eq(reports.targetId, report.targetId),
        eq(reports.status, 'open'),
      ),
    )
  if (open) return open.id
  const [row] = await db.insert(reports).values(report).returning({ id: reports.id })
  return row.id
}

/** Records a complaint (signed in or not: `userId` null). */
export async function addComplaint(db: Db, complaint: typeof complaints.$inferInsert): Promise<number> {
  const [row] = await db.insert(complaints).values(complaint).returning({ id: complaints.id })
  return row.id
}
