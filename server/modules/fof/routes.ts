import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, eq, sql } from 'drizzle-orm'
import { fofRequestBody, fofRequestResponse } from '../../../contract/api/numbers'
import { LIMITS } from '../../../contract/constants'
import { rowsOf } from '../../db/client'
import { introductionRequests } from '../../db/schema'
import { badRequest, conflict } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { balanceOf, notEnoughCoins, spendCoins } from '../coins/ledger'
import { friendsWhoKnow } from '../contacts/names'
import { upsertNumber } from '../numbers/repository'
import { readPhone } from '../profiles/lookup'

type Request = typeof introductionRequests.$inferSelect

const toApi = (r: Request) => ({ id: r.id, type: r.type, status: r.status, countFriends: r.countFriends, createdAtTimestamp: Math.floor(r.createdAt.getTime() / 1000) })

/** Friends of friends (DESIGN.md section 5): asking the contacts who know a number for an introduction. */
export async function fofRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post('/api/v6/fof/request', {
    preHandler: app.requireUser,
    schema: {
      tags: ['numbers'],
      summary: `Ask the contacts who have a number saved to introduce you; ${LIMITS.defaultPriceDirectly} coins, charged once while the request is pending; 402 when the balance is short`,
      body: fofRequestBody,
      response: { 200: fofRequestResponse },
    },
  }, async (request) => {
    const user = currentUser(request)
    const phone = readPhone(app, user, request.body.phone)
    if (phone.e164 === user.phone) throw badRequest('That is your own number')
    const numberId = await upsertNumber(app.db, phone.e164, phone.country)
    return app.db.transaction(async (tx) => {
      // One request at a time per user and number: parallel calls wait here and then find it.
      await tx.execute(sql`select pg_advisory_xact_lock(${user.id}, ${numberId})`)
      const [pending] = await tx
        .select()
        .from(introductionRequests)
        .where(and(eq(introductionRequests.fromUserId, user.id), eq(introductionRequests.numberId, numberId), eq(introductionRequests.status, 'pending')))
      if (pending) return { status: true as const, data: { request: toApi(pending), created: false, balance: await balanceOf(tx, user.id) } }
      // The viewer's contacts (by their own uploaded book) who have this number saved.
      const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(distinct u.id)::int as n from ${friendsWhoKnow(numberId, user.id)}`))
      if (n === 0) throw conflict('None of your contacts has this number saved, so nobody can introduce you; nothing was charged')
      const price = LIMITS.defaultPriceDirectly
      const balance = await spendCoins(tx, user.id, price, 'fof_request', phone.e164)
      if (balance === null) throw notEnoughCoins(price, await balanceOf(tx, user.id))
      const [created] = await tx.insert(introductionRequests).values({ fromUserId: user.id, numberId, type: 'DIRECT', status: 'pending', countFriends: n }).returning()
      return { status: true as const, data: { request: toApi(created), created: true, balance } }
    })
  })
}
