import { and, eq, lte, sql } from 'drizzle-orm'
import type { FofRequestStatus } from '../../../contract/api/number-profile'
import { LIMITS } from '../../../contract/constants'
import type { Db } from '../../db/client'
import { rowsOf } from '../../db/client'
import { introductionAnswers, introductionRequests } from '../../db/schema'
import { conflict, forbidden, notFound } from '../../errors'
import { applyOnce, balanceOf, notEnoughCoins, spendCoins } from '../coins/ledger-repository'
import { friendsWhoKnow } from '../contacts/name-repository'
import { markRequestRead, notifyMany } from '../notifications/repository'
import { keyedTransactionLock } from '../../db/locks'

export type IntroductionRequest = typeof introductionRequests.$inferSelect

/** A request nobody accepted within this long expires, and its coins go back (DESIGN.md section 9). */
export const INTRODUCTION_TTL_DAYS = 7
const TTL_MS = INTRODUCTION_TTL_DAYS * 24 * 60 * 60 * 1000

/** The ledger ref of a request's charge and of its refund (reason fof_request / refund): one of each per request. */
const ledgerRef = (requestId: number) => `fof:${requestId}`

/**
 * Asks the user's friends (mutual contacts, see friendsWhoKnow) who have the number saved
 * for an introduction, for LIMITS.defaultPriceDirectly coins, charged once while the
 * request is pending: a pending request is answered as it is. Each friend asked gets an
 * answer row and a notification in the same transaction as the charge. 402 when the
 * balance is short, checked first, before anyone's book is read, so that it answers the
 * same whatever the books hold; then 409 when none of the friends knows the number (what
 * the page's fof list shows the user already); nothing is charged then (ADR 0048).
 */
export async function requestIntroduction(
  db: Db,
  userId: number,
  numberId: number,
): Promise<{ request: IntroductionRequest; created: boolean; balance: number }> {
  return db.transaction(async (tx) => {
    // One request at a time per user and number: parallel calls wait here and then find it.
    await tx.execute(keyedTransactionLock('introduction', userId, numberId))
    const [pending] = await tx
      .select()
      .from(introductionRequests)
      .where(
        and(
          eq(introductionRequests.fromUserId, userId),
          eq(introductionRequests.numberId, numberId),
          eq(introductionRequests.status, 'pending'),
        ),
      )
    if (pending) return { request: pending, created: false, balance: await balanceOf(tx, userId) }
    const price = LIMITS.defaultPriceDirectly
    // The balance first, the same for every number: a short one answers 402 before any book is read.
    const held = await balanceOf(tx, userId)
    if (held < price) throw notEnoughCoins(price, held)
    // The viewer's friends (mutual contacts) who have this number saved.
    const asked = rowsOf<{ id: number }>(await tx.execute(sql`select distinct u.id from ${friendsWhoKnow(numberId, userId)}`)).map((r) =>
      Number(r.id),
    )
    if (asked.length === 0)
      throw conflict(
        'None of your friends (contacts who saved your number too) has this number saved, so nobody can introduce you; nothing was charged',
      )
    const [created] = await tx
      .insert(introductionRequests)
      .values({ fromUserId: userId, numberId, type: 'DIRECT', status: 'pending', countFriends: asked.length })
      .returning()
    // The charge names its request, so a later request for the same number (after this one ends) is charged again.
    const balance = await spendCoins(tx, userId, price, 'fof_request', ledgerRef(created.id))
    if (balance === null) throw notEnoughCoins(price, await balanceOf(tx, userId))
    await tx.insert(introductionAnswers).values(asked.map((id) => ({ requestId: created.id, userId: id })))
    await notifyMany(tx, asked, {
      kind: 'commonAcquaintances',
      numberId,
      actorId: userId,
      refKey: String(created.id),
      data: { requestId: created.id },
    })
    return { request: created, created: true, balance }
  })
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Ends a pending request as declined or expired and gives its coins back: the conditional
 * update lets exactly one caller end it (others find it no longer pending), and the refund
 * is one ledger row `refund` with the request's ref, in the same transaction.
 */
async function endAndRefund(tx: Tx, requestId: number, status: 'declined' | 'expired'): Promise<boolean> {
  const now = new Date()
  const [ended] = await tx
    .update(introductionRequests)
    .set({ status, decidedAt: now, refundedAt: now })
    .where(and(eq(introductionRequests.id, requestId), eq(introductionRequests.status, 'pending')))
    .returning({ fromUserId: introductionRequests.fromUserId })
  if (!ended) return false
  await applyOnce(tx, ended.fromUserId, LIMITS.defaultPriceDirectly, 'refund', ledgerRef(requestId))
  return true
}

const isOverdue = (r: IntroductionRequest, now: Date) => r.status === 'pending' && now.getTime() - r.createdAt.getTime() >= TTL_MS

export type AnswerOutcome = { requestId: number; answer: 'accepted' | 'declined'; status: FofRequestStatus }

/**
 * A contact asked answers an introduction request, once. Accepting decides it for
 * everyone (the first accept wins; later answers are still recorded); when every contact
 * asked has declined, the request is declined and the requester refunded. 404 for an
 * unknown request, 403 when the user was not asked, 409 when they answered already or
 * the request is over (an overdue one is expired and refunded on the spot).
 */
export async function answerIntroduction(
  db: Db,
  userId: number,
  requestId: number,
  answer: 'accept' | 'decline',
  now = new Date(),
): Promise<AnswerOutcome> {
  const outcome = await db.transaction(async (tx) => {
    // Answers to one request one at a time, so "all declined" and "first accept" are decided once.
    const [request] = await tx.select().from(introductionRequests).where(eq(introductionRequests.id, requestId)).for('update')
    if (!request) throw notFound('No such introduction request')
    const [mine] = await tx
      .select()
      .from(introductionAnswers)
      .where(and(eq(introductionAnswers.requestId, requestId), eq(introductionAnswers.userId, userId)))
    if (!mine) throw forbidden('Only the contacts asked by this introduction request can answer it')
    if (mine.status !== 'pending') throw conflict(`You have already ${mine.status} this introduction request; an answer cannot be changed`)
    if (isOverdue(request, now)) {
      await endAndRefund(tx, requestId, 'expired')
      return 'expired' as const
    }
    if (request.status === 'declined' || request.status === 'expired') {
      throw conflict(
        `This introduction request has ${request.status === 'expired' ? 'expired' : 'been declined'}; it can no longer be answered`,
      )
    }
    const status = answer === 'accept' ? 'accepted' : 'declined'
    await tx
      .update(introductionAnswers)
      .set({ status, answeredAt: now })
      .where(and(eq(introductionAnswers.requestId, requestId), eq(introductionAnswers.userId, userId)))
    await markRequestRead(tx, userId, requestId)
    let requestStatus = request.status as FofRequestStatus
    if (status === 'accepted' && request.status === 'pending') {
      await tx
        .update(introductionRequests)
        .set({ status: 'accepted', acceptedBy: userId, decidedAt: now })
        .where(eq(introductionRequests.id, requestId))
      requestStatus = 'accepted'
    } else if (status === 'declined' && request.status === 'pending') {
      const [{ open }] = await tx
        .select({ open: sql<number>`count(*)::int` })
        .from(introductionAnswers)
        .where(and(eq(introductionAnswers.requestId, requestId), sql`${introductionAnswers.status} <> 'declined'`))
      if (Number(open) === 0 && (await endAndRefund(tx, requestId, 'declined'))) requestStatus = 'declined'
    }
    return { requestId, answer: status, status: requestStatus } satisfies AnswerOutcome
  })
  // The expiry above is kept (committed) and the answer refused.
  if (outcome === 'expired')
    throw conflict(
      `This introduction request has expired (nobody accepted it within ${INTRODUCTION_TTL_DAYS} days); it can no longer be answered`,
    )
  return outcome
}

/**
 * The expiry job's work: every request still pending INTRODUCTION_TTL_DAYS after it was
 * made is expired and refunded, each in its own transaction, exactly once even when two
 * servers run this at the same moment.
 */
export async function expireIntroductions(db: Db, now: Date = new Date()): Promise<{ expired: number }> {
  const due = await db
    .select({ id: introductionRequests.id })
    .from(introductionRequests)
    .where(and(eq(introductionRequests.status, 'pending'), lte(introductionRequests.createdAt, new Date(now.getTime() - TTL_MS))))
    .orderBy(introductionRequests.id)
    .limit(1000)
  let expired = 0
  for (const { id } of due) {
    if (await db.transaction((tx) => endAndRefund(tx, id, 'expired'))) expired++
  }
  return { expired }
}
