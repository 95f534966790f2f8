import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { DisputeCategory, DisputeState } from '../../../contract/api/dispute-state'
import type { DisputeQueueItem } from '../../../contract/api/disputes'
import type { Db, Param } from '../../db/client'
import { rowsOf } from '../../db/client'
import { contacts, disputes, nameSuggestions, numbers } from '../../db/schema'
import { badRequest, conflict, notFound } from '../../errors'
import { logAction } from '../moderation/repository'
import { evidenceFrom, evidenceJson, loadEvidence, readEvidenceRows, type EvidenceRows } from '../numbers/evidence-repository'
import { reputationIndex } from '../reputation/formula'
import { currentReputation } from '../reputation/repository'
import { ARCHIVED_NAME } from './archived-name-repository'

/** SQL: a dispute row (`alias`) as the number page shows it (`DisputeState`). */
const stateJson = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'status', ${alias}.status, 'category', ${alias}.category,
    'createdAtTimestamp', floor(extract(epoch from ${alias}.created_at))::bigint,
    'decidedAtTimestamp', floor(extract(epoch from ${alias}.decided_at))::bigint,
    'decisionNote', ${alias}.decision_note)`)

/** SQL: the latest dispute of a number as JSON (`DisputeState`), null when it was never contested. For the page statement. */
export const latestDisputeJson = (numberId: Param<number>): SQL =>
  sql`(select ${stateJson('ld')} from ${disputes} ld where ld.number_id = ${numberId} order by ld.id desc limit 1)`

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null)

function stateOf(row: typeof disputes.$inferSelect): DisputeState {
  return {
    id: row.id,
    status: row.status,
    category: row.category,
    createdAtTimestamp: seconds(row.createdAt)!,
    decidedAtTimestamp: seconds(row.decidedAt),
    decisionNote: row.decisionNote,
  }
}

/** Opens a dispute of a number by its owner; null while another one about the number is open (also under concurrent calls). */
export async function openDispute(
  db: Db,
  args: { numberId: number; userId: number; category: DisputeCategory; reasons: string; link: string | null; ownedSince: Date | null },
): Promise<DisputeState | null> {
  // The partial unique index (one open dispute per number) decides between concurrent calls.
  const [row] = await db
    .insert(disputes)
    .values(args)
    .onConflictDoNothing({ target: disputes.numberId, where: sql`status = 'open'` })
    .returning()
  return row ? stateOf(row) : null
}

/**
 * One page of disputes: open ones oldest first (work them in order), decided ones latest
 * decided first; each with the number's index and evidence as they are now, in one statement.
 */
export async function disputeQueue(
  db: Db,
  status: 'open' | 'decided',
  limit: number,
  offset: number,
): Promise<{ items: DisputeQueueItem[]; total: number }> {
  const which = status === 'open' ? sql`dq.status = 'open'` : sql`dq.status <> 'open'`
  const order = status === 'open' ? sql`dq.created_at asc, dq.id asc` : sql`dq.decided_at desc, dq.id desc`
  const [rows, [{ total }]] = await Promise.all([
    db.execute(sql`
      select dq.id, dq.status, dq.category, dq.reasons, dq.link, dq.user_id, dq.discount, dq.decision_note, nq.e164,
        floor(extract(epoch from dq.created_at))::bigint as created, floor(extract(epoch from dq.decided_at))::bigint as decided,
        floor(extract(epoch from dq.owned_since))::bigint as owned_since, ${evidenceJson(sql`dq.number_id`)} as evidence
      from ${disputes} dq join ${numbers} nq on nq.id = dq.number_id
      where ${which} order by ${order} limit ${limit} offset ${offset}`),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(disputes)
      .where(status === 'open' ? sql`status = 'open'` : sql`status <> 'open'`),
  ])
  type Row = {
    id: number
    status: DisputeState['status']
    category: DisputeCategory
    reasons: string
    link: string | null
    user_id: number
    discount: string[] | string | null
    decision_note: string | null
    e164: string
    created: number | string
    decided: number | string | null
    owned_since: number | string | null
    evidence: EvidenceRows | string
  }
  const items = rowsOf<Row>(rows).map((r): DisputeQueueItem => {
    const evidence = evidenceFrom(readEvidenceRows(r.evidence))
    const discount = (typeof r.discount === 'string' ? (JSON.parse(r.discount) as string[]) : (r.discount ?? [])).filter(
      (x) => !x.startsWith(ARCHIVED_NAME),
    )
    return {
      id: r.id,
      status: r.status,
      category: r.category,
      createdAtTimestamp: Number(r.created),
      decidedAtTimestamp: r.decided === null ? null : Number(r.decided),
      decisionNote: r.decision_note,
      phoneNumber: r.e164,
      reasons: r.reasons,
      link: r.link,
      ownedSinceTimestamp: r.owned_since === null ? null : Number(r.owned_since),
      ownerProfileId: r.user_id,
      index: reputationIndex(evidence),
      evidence,
      discount,
    }
  })
  return { items, total }
}

/**
 * A moderator's decision on an open dispute, in one transaction: 404 when unknown, 409
 * when already decided. Upholding `new_owner` discounts the evidence dated before the date
 * of ownership and archives the crowd names saved before it; upholding another category
 * discounts the kinds and sources named in `discount` (400 when none). The number's
 * index after the decision is logged. Rejecting changes nothing else.
 */
export async function decideDispute(
  db: Db,
  moderatorId: number,
  args: { disputeId: number; decision: 'uphold' | 'reject'; discount: string[]; note: string | null },
): Promise<DisputeState & { index: number }> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(disputes).where(eq(disputes.id, args.disputeId)).for('update')
    if (!found) throw notFound('No such dispute')
    if (found.status !== 'open') throw conflict(`This dispute has already been decided (${found.status})`)
    const upheld = args.decision === 'uphold'
    const newOwner = found.category === 'new_owner'
    if (upheld && !newOwner && !args.discount.length) {
      throw badRequest('Name the evidence to discount: imported, bans, polls or source:<name>')
    }
    const before = reputationIndex(await loadEvidence(tx, found.numberId))
    const discount = !upheld ? null : newOwner ? await namesSavedBefore(tx, found.numberId, found.ownedSince!) : args.discount
    const [row] = await tx
      .update(disputes)
      .set({ status: upheld ? 'upheld' : 'rejected', discount, decidedBy: moderatorId, decidedAt: sql`now()`, decisionNote: args.note })
      .where(and(eq(disputes.id, found.id), eq(disputes.status, 'open')))
      .returning()
    const { index } = await currentReputation(tx, found.numberId)
    await logAction(tx, moderatorId, upheld ? 'dispute_uphold' : 'dispute_reject', 'dispute', found.id, {
      numberId: found.numberId,
      category: found.category,
      discount: (discount ?? []).filter((x) => !x.startsWith(ARCHIVED_NAME)),
      archivedNames: (discount ?? []).filter((x) => x.startsWith(ARCHIVED_NAME)).length,
      note: args.note,
      indexBefore: before,
      indexAfter: index,
    })
    return { ...stateOf(row), index }
  })
}

/** The crowd names (contact books, name suggestions) of a number saved before a date, as `name:<hash>` entries. */
async function namesSavedBefore(db: Db, numberId: number, date: Date): Promise<string[]> {
  const at = date.toISOString()
  const rows = rowsOf<{ h: string }>(
    await db.execute(sql`
      select distinct ${ARCHIVED_NAME} || h as h from (
        select name_hash as h from ${contacts} where number_id = ${numberId} and created_at < ${at}::timestamptz
        union
        select name_hash as h from ${nameSuggestions} where number_id = ${numberId} and created_at < ${at}::timestamptz) x
      order by 1`),
  )
  return rows.map((r) => r.h)
}
