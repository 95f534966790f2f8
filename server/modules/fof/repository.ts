import { and, eq, sql } from 'drizzle-orm'
import { LIMITS } from '../../../contract/constants'
import type { Db } from '../../db/client'
import { rowsOf } from '../../db/client'
import { introductionRequests } from '../../db/schema'
import { conflict } from '../../errors'
import { balanceOf, notEnoughCoins, spendCoins } from '../coins/ledger'
import { friendsWhoKnow } from '../contacts/names'

export type IntroductionRequest = typeof introductionRequests.$inferSelect

/**
 * Asks the user's contacts who have the number saved for an introduction, for
 * LIMITS.defaultPriceDirectly coins, charged once while the request is pending: a
 * pending request is answered as it is. 409 when none of the contacts knows the
 * number, 402 when the balance is short; nothing is charged then.
 */
export async function requestIntroduction(db: Db, userId: number, numberId: number, e164: string): Promise<{ request: IntroductionRequest; created: boolean; balance: number }> {
  return db.transaction(async (tx) => {
    // One request at a time per user and number: parallel calls wait here and then find it.
    await tx.execute(sql`select pg_advisory_xact_lock(${userId}, ${numberId})`)
    const [pending] = await tx
      .select()
      .from(introductionRequests)
      .where(and(eq(introductionRequests.fromUserId, userId), eq(introductionRequests.numberId, numberId), eq(introductionRequests.status, 'pending')))
    if (pending) return { request: pending, created: false, balance: await balanceOf(tx, userId) }
    // The viewer's contacts (by their own uploaded book) who have this number saved.
    const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(distinct u.id)::int as n from ${friendsWhoKnow(numberId, userId)}`))
    if (n === 0) throw conflict('None of your contacts has this number saved, so nobody can introduce you; nothing was charged')
    const price = LIMITS.defaultPriceDirectly
    const balance = await spendCoins(tx, userId, price, 'fof_request', e164)
    if (balance === null) throw notEnoughCoins(price, await balanceOf(tx, userId))
    const [created] = await tx.insert(introductionRequests).values({ fromUserId: userId, numberId, type: 'DIRECT', status: 'pending', countFriends: n }).returning()
    return { request: created, created: true, balance }
  })
}
