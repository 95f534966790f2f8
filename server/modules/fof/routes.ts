import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, eq, sql } from 'drizzle-orm'
import { fofRequestBody, fofRequestResponse } from '../../../contract/api/numbers'
import { LIMITS } from '../../../contract/constants'
import { rowsOf } from '../../db/client'
import { contacts, introductionRequests, numbers, users } from '../../db/schema'
import { badRequest, conflict, insufficientCoins } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { spendCoins } from '../coins/ledger'
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
      if (pending) {
        const [me] = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, user.id))
        return { status: true as const, data: { request: toApi(pending), created: false, balance: me.balance } }
      }
      // The viewer's contacts (by their own uploaded book) who have this number saved.
      const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`
        select count(distinct u.id)::int as n from ${contacts} theirs
        join ${users} u on u.id = theirs.owner_id and u.deactivated_at is null and u.id <> ${user.id}
        join ${numbers} un on un.e164 = u.phone
        join ${contacts} mine on mine.owner_id = ${user.id} and mine.number_id = un.id
        where theirs.number_id = ${numberId}`))
      if (n === 0) throw conflict('None of your contacts has this number saved, so nobody can introduce you; nothing was charged')
      const price = LIMITS.defaultPriceDirectly
      const balance = await spendCoins(tx, user.id, price, 'fof_request', phone.e164)
      if (balance === null) {
        const [me] = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, user.id))
        throw insufficientCoins(`Not enough coins: an introduction costs ${price} and your balance is ${me?.balance ?? 0}. Top up your balance and try again.`)
      }
      const [created] = await tx.insert(introductionRequests).values({ fromUserId: user.id, numberId, type: 'DIRECT', status: 'pending', countFriends: n }).returning()
      return { status: true as const, data: { request: toApi(created), created: true, balance } }
    })
  })
}
