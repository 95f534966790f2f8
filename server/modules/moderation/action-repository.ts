import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { comments, complaints, reports, threadReplies } from '../../db/schema'
import { badRequest, conflict, notFound } from '../../errors'
import { countRemovalAfterComplaint, findText, logAction, openCasesAbout, removalsOf, type TextTarget } from './repository'

const noSuchText = (type: TextTarget) => notFound(`No such ${type === 'thread' ? 'reply' : 'comment'}`)

/**
 * Removes a comment or reply and closes every open report and complaint about it (and
 * the ones named, which must be about it). A removal that followed a complaint counts
 * against the author's right to post on the number; the second bans them there. Logged.
 */
export async function removeText(
  db: Db,
  moderatorId: number,
  args: { targetType: TextTarget; targetId: number; reason: string; complaintId?: number; reportId?: number },
) {
  return db.transaction(async (tx) => {
    const target = await findText(tx, args.targetType, args.targetId, true)
    if (!target) throw noSuchText(args.targetType)
    if (target.removed) throw conflict('This text has already been removed')
    const sameTarget = (t: { targetType: string; targetId: number | null }) => t.targetType === args.targetType && t.targetId === args.targetId
    if (args.complaintId !== undefined) {
      const [c] = await tx.select({ targetType: complaints.targetType, targetId: complaints.targetId }).from(complaints).where(eq(complaints.id, args.complaintId))
      if (!c) throw notFound('No such complaint')
      if (!sameTarget(c)) throw badRequest('That complaint is about another text')
    }
    if (args.reportId !== undefined) {
      const [rep] = await tx.select({ targetType: reports.targetType, targetId: reports.targetId }).from(reports).where(eq(reports.id, args.reportId))
      if (!rep) throw notFound('No such report')
      if (!sameTarget(rep)) throw badRequest('That report is about another text')
    }
    const open = await openCasesAbout(tx, args.targetType, args.targetId)
    const complaintIds = [...new Set([...open.complaintIds, ...(args.complaintId !== undefined ? [args.complaintId] : [])])]
    const reportIds = [...new Set([...open.reportIds, ...(args.reportId !== undefined ? [args.reportId] : [])])]
    const now = new Date()
    const table = args.targetType === 'thread' ? threadReplies : comments
    await tx.update(table).set({ removedAt: now, removedBy: moderatorId }).where(eq(table.id, target.id))
    const closed = { status: 'resolved' as const, resolvedBy: moderatorId, resolvedAt: now }
    if (complaintIds.length) await tx.update(complaints).set(closed).where(and(inArray(complaints.id, complaintIds), eq(complaints.status, 'open')))
    if (reportIds.length) await tx.update(reports).set(closed).where(and(inArray(reports.id, reportIds), eq(reports.status, 'open')))
    const afterComplaint = complaintIds.length + reportIds.length > 0
    const standing = afterComplaint
      ? await countRemovalAfterComplaint(tx, target.userId, target.numberId)
      : await removalsOf(tx, target.userId, target.numberId)
    await logAction(tx, moderatorId, 'remove', args.targetType, target.id, {
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

/** Replaces the text of a comment or reply that is not removed. Logged with the text before. */
export async function editText(db: Db, moderatorId: number, args: { targetType: TextTarget; targetId: number; text: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await findText(tx, args.targetType, args.targetId, true)
    if (!target) throw noSuchText(args.targetType)
    if (target.removed) throw conflict('This text has been removed; there is nothing to edit')
    const table = args.targetType === 'thread' ? threadReplies : comments
    await tx.update(table).set({ text: args.text }).where(eq(table.id, target.id))
    await logAction(tx, moderatorId, 'edit', args.targetType, target.id, { before: target.text, after: args.text, authorId: target.userId, numberId: target.numberId })
  })
}

/** Closes an open report or complaint as resolved or rejected; 409 when it is already closed. Logged. */
export async function resolveCase(db: Db, moderatorId: number, args: { kind: 'report' | 'complaint'; id: number; status: 'resolved' | 'rejected' }): Promise<void> {
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
