import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { contactNameHash } from '../../db/name-hash'
import { comments, complaints, moderatedNames, nameSuggestions, reports, threadReplies } from '../../db/schema'
import { badRequest, conflict, notFound } from '../../errors'
import { contactNames } from '../contacts/name-repository'
import { requoteText } from '../notifications/repository'
import {
  countRemovalAfterComplaint,
  findSuggestion,
  findText,
  logAction,
  moderatedName,
  openCasesAbout,
  openContactCases,
  removalsOf,
  type ModerationTarget,
  type TextTarget,
} from './repository'

const noSuchText = (type: TextTarget) => notFound(`No such ${type === 'thread' ? 'reply' : 'comment'}`)
const noSuchName = () => notFound('No such name on this number')
const noSuchSuggestion = () => notFound('No such name suggestion')

const fullName = (n: { firstName: string | null; lastName: string | null }) => [n.firstName, n.lastName].filter(Boolean).join(' ')

/** The crowd name `nameHash` as the number shows it now; null when it does not show. */
async function shownName(db: Db, numberId: number, nameHash: string): Promise<string | null> {
  const [name] = await contactNames(db, numberId, 0, nameHash)
  return name ? fullName(name) : null
}

/** When the name `nameHash` no longer shows on the number, the notifications that quoted it stop showing it. */
async function unquoteIfGone(db: Db, numberId: number, nameHash: string): Promise<void> {
  if ((await shownName(db, numberId, nameHash)) === null) await requoteText(db, { kind: 'newContactName', numberId, nameHash }, null)
}

/** The report and complaint named with a removal: they must exist and be about what `matches` says. */
async function namedCases(
  db: Db,
  args: { complaintId?: number; reportId?: number },
  matches: {
    report: (r: { targetType: string; targetId: number | null; numberId: number | null; nameHash: string | null }) => boolean
    complaint: (c: { targetType: string; targetId: number | null; extra: unknown }) => boolean
  },
) {
  if (args.complaintId !== undefined) {
    const [c] = await db
      .select({ targetType: complaints.targetType, targetId: complaints.targetId, extra: complaints.extra })
      .from(complaints)
      .where(eq(complaints.id, args.complaintId))
    if (!c) throw notFound('No such complaint')
    if (!matches.complaint(c)) throw badRequest('That complaint is about another text')
  }
  if (args.reportId !== undefined) {
    const [rep] = await db
      .select({ targetType: reports.targetType, targetId: reports.targetId, numberId: reports.numberId, nameHash: reports.nameHash })
      .from(reports)
      .where(eq(reports.id, args.reportId))
    if (!rep) throw notFound('No such report')
    if (!matches.report(rep)) throw badRequest('That report is about another text')
  }
}

/** Closes the open reports and complaints given as resolved by the moderator. */
async function closeCases(db: Db, moderatorId: number, reportIds: number[], complaintIds: number[], now: Date): Promise<void> {
  const closed = { status: 'resolved' as const, resolvedBy: moderatorId, resolvedAt: now }
  if (complaintIds.length)
    await db
      .update(complaints)
      .set(closed)
      .where(and(inArray(complaints.id, complaintIds), eq(complaints.status, 'open')))
  if (reportIds.length)
    await db
      .update(reports)
      .set(closed)
      .where(and(inArray(reports.id, reportIds), eq(reports.status, 'open')))
}

const withNamed = (ids: number[], named: number | undefined) => [...new Set([...ids, ...(named !== undefined ? [named] : [])])]

/** A contact name or name suggestion a report or complaint names: same number and name. */
const aboutName = (numberId: number, nameHash: string) => ({
  report: (r: { targetType: string; numberId: number | null; nameHash: string | null }) =>
    r.targetType === 'contact' && r.numberId === numberId && r.nameHash === nameHash,
  complaint: (c: { targetType: string; extra: unknown }) =>
    c.targetType === 'contact' && (c.extra as { name_hash?: unknown } | null)?.name_hash === nameHash,
})

export interface RemoveArgs {
  target: ModerationTarget
  reason: string
  complaintId?: number
  reportId?: number
}

/**
 * Removes a text and closes every open report and complaint about it (and the ones named,
 * which must be about it); the notifications that quoted it no longer show it. A comment,
 * reply or name suggestion removed after a complaint counts against its author's right to
 * post on the number; the second such removal bans them there. A contact name (every entry
 * giving it on the number) has no single author and counts against nobody. Logged.
 */
export async function removeText(db: Db, moderatorId: number, args: RemoveArgs) {
  const t = args.target
  if (t.type === 'contact') return removeName(db, moderatorId, { ...args, target: t })
  if (t.type === 'suggestion') return removeSuggestion(db, moderatorId, { ...args, target: t })
  return db.transaction(async (tx) => {
    const target = await findText(tx, t.type, t.id, true)
    if (!target) throw noSuchText(t.type)
    if (target.removed) throw conflict('This text has already been removed')
    const sameTarget = (c: { targetType: string; targetId: number | null }) => c.targetType === t.type && c.targetId === t.id
    await namedCases(tx, args, { report: sameTarget, complaint: sameTarget })
    const open = await openCasesAbout(tx, t.type, t.id)
    const complaintIds = withNamed(open.complaintIds, args.complaintId)
    const reportIds = withNamed(open.reportIds, args.reportId)
    const now = new Date()
    const table = t.type === 'thread' ? threadReplies : comments
    await tx.update(table).set({ removedAt: now, removedBy: moderatorId }).where(eq(table.id, target.id))
    await closeCases(tx, moderatorId, reportIds, complaintIds, now)
    await requoteText(tx, { kind: t.type === 'thread' ? 'reply' : 'newNotice', id: target.id }, null)
    const afterComplaint = complaintIds.length + reportIds.length > 0
    const standing = afterComplaint
      ? await countRemovalAfterComplaint(tx, target.userId, target.numberId)
      : await removalsOf(tx, target.userId, target.numberId)
    await logAction(tx, moderatorId, 'remove', t.type, target.id, {
      reason: args.reason,
      text: target.text,
      authorId: target.userId,
      numberId: target.numberId,
      complaintIds,
      reportIds,
      removalsAfterComplaint: standing.removals,
      postingBanned: standing.banned,
    })
    return { removed: true, removalsAfterComplaint: standing.removals, postingBanned: standing.banned }
  })
}

async function removeName(
  db: Db,
  moderatorId: number,
  args: RemoveArgs & { target: { type: 'contact'; numberId: number; nameHash: string } },
) {
  const { numberId, nameHash } = args.target
  return db.transaction(async (tx) => {
    const decided = await moderatedName(tx, numberId, nameHash, true)
    if (decided?.removed) throw conflict('This name has already been removed')
    const name = await shownName(tx, numberId, nameHash)
    if (name === null) throw noSuchName()
    await namedCases(tx, args, aboutName(numberId, nameHash))
    const open = await openContactCases(tx, numberId, nameHash)
    const complaintIds = withNamed(open.complaintIds, args.complaintId)
    const reportIds = withNamed(open.reportIds, args.reportId)
    const now = new Date()
    const row = { removed: true, firstName: null, lastName: null, moderatorId, createdAt: now }
    await tx
      .insert(moderatedNames)
      .values({ numberId, nameHash, ...row })
      .onConflictDoUpdate({ target: [moderatedNames.numberId, moderatedNames.nameHash], set: row })
    await closeCases(tx, moderatorId, reportIds, complaintIds, now)
    await requoteText(tx, { kind: 'newContactName', numberId, nameHash }, null)
    await logAction(tx, moderatorId, 'remove', 'contact', numberId, {
      reason: args.reason,
      text: name,
      nameHash,
      numberId,
      complaintIds,
      reportIds,
    })
    return { removed: true, removalsAfterComplaint: 0, postingBanned: false }
  })
}

async function removeSuggestion(db: Db, moderatorId: number, args: RemoveArgs & { target: { type: 'suggestion'; id: number } }) {
  return db.transaction(async (tx) => {
    const s = await findSuggestion(tx, args.target.id, true)
    if (!s) throw noSuchSuggestion()
    if (s.removed) throw conflict('This name suggestion has already been removed')
    await namedCases(tx, args, aboutName(s.numberId, s.nameHash))
    const complaintIds = withNamed([], args.complaintId)
    const reportIds = withNamed([], args.reportId)
    const now = new Date()
    await tx.update(nameSuggestions).set({ removedAt: now, removedBy: moderatorId }).where(eq(nameSuggestions.id, s.id))
    await closeCases(tx, moderatorId, reportIds, complaintIds, now)
    await unquoteIfGone(tx, s.numberId, s.nameHash)
    const standing =
      complaintIds.length + reportIds.length > 0
        ? await countRemovalAfterComplaint(tx, s.userId, s.numberId)
        : await removalsOf(tx, s.userId, s.numberId)
    await logAction(tx, moderatorId, 'remove', 'suggestion', s.id, {
      reason: args.reason,
      text: s.name,
      nameHash: s.nameHash,
      authorId: s.userId,
      numberId: s.numberId,
      complaintIds,
      reportIds,
      removalsAfterComplaint: standing.removals,
      postingBanned: standing.banned,
    })
    return { removed: true, removalsAfterComplaint: standing.removals, postingBanned: standing.banned }
  })
}

/**
 * Replaces a text that is not removed; the notifications that quoted it show the new text.
 * A contact name shows as `text` on the number from then on (its identity, the hash, stays);
 * a name suggestion becomes the name `text`. Logged with the text before.
 */
export async function editText(db: Db, moderatorId: number, args: { target: ModerationTarget; text: string }): Promise<void> {
  const t = args.target
  await db.transaction(async (tx) => {
    if (t.type === 'contact') {
      const decided = await moderatedName(tx, t.numberId, t.nameHash, true)
      if (decided?.removed) throw conflict('This name has been removed; there is nothing to edit')
      const before = await shownName(tx, t.numberId, t.nameHash)
      if (before === null) throw noSuchName()
      const row = { removed: false, firstName: args.text, lastName: null, moderatorId, createdAt: new Date() }
      await tx
        .insert(moderatedNames)
        .values({ numberId: t.numberId, nameHash: t.nameHash, ...row })
        .onConflictDoUpdate({ target: [moderatedNames.numberId, moderatedNames.nameHash], set: row })
      await requoteText(tx, { kind: 'newContactName', numberId: t.numberId, nameHash: t.nameHash }, args.text)
      await logAction(tx, moderatorId, 'edit', 'contact', t.numberId, {
        before,
        after: args.text,
        nameHash: t.nameHash,
        numberId: t.numberId,
      })
      return
    }
    if (t.type === 'suggestion') {
      const s = await findSuggestion(tx, t.id, true)
      if (!s) throw noSuchSuggestion()
      if (s.removed) throw conflict('This name suggestion has been removed; there is nothing to edit')
      await tx
        .update(nameSuggestions)
        .set({ firstName: args.text, lastName: null, nameHash: contactNameHash(args.text, null) })
        .where(eq(nameSuggestions.id, s.id))
      await unquoteIfGone(tx, s.numberId, s.nameHash)
      await logAction(tx, moderatorId, 'edit', 'suggestion', s.id, {
        before: s.name,
        after: args.text,
        nameHash: s.nameHash,
        authorId: s.userId,
        numberId: s.numberId,
      })
      return
    }
    const target = await findText(tx, t.type, t.id, true)
    if (!target) throw noSuchText(t.type)
    if (target.removed) throw conflict('This text has been removed; there is nothing to edit')
    const table = t.type === 'thread' ? threadReplies : comments
    await tx.update(table).set({ text: args.text }).where(eq(table.id, target.id))
    await requoteText(tx, { kind: t.type === 'thread' ? 'reply' : 'newNotice', id: target.id }, args.text)
    await logAction(tx, moderatorId, 'edit', t.type, target.id, {
      before: target.text,
      after: args.text,
      authorId: target.userId,
      numberId: target.numberId,
    })
  })
}

/** Closes an open report or complaint as resolved or rejected; 409 when it is already closed. Logged. */
export async function resolveCase(
  db: Db,
  moderatorId: number,
  args: { kind: 'report' | 'complaint'; id: number; status: 'resolved' | 'rejected' },
): Promise<void> {
  const { kind, id, status } = args
  const table = kind === 'report' ? reports : complaints
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: table.status }).from(table).where(eq(table.id, id)).for('update')
    if (!row) throw notFound(`No such ${kind}`)
    if (row.status !== 'open') throw conflict(`This ${kind} is already ${row.status}`)
    await tx.update(table).set({ status, resolvedBy: moderatorId, resolvedAt: new Date() }).where(eq(table.id, id))
    await logAction(tx, moderatorId, 'resolve', kind, id, { status })
  })
}
