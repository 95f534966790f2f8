import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { fofRequestBody, fofRequestResponse } from '../../../contract/api/numbers'
import { LIMITS } from '../../../contract/constants'
import { badRequest } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { upsertNumber } from '../numbers/repository'
import { readPhone } from '../profiles/lookup'
import { requestIntroduction, type IntroductionRequest } from './repository'

const toApi = (r: IntroductionRequest) => ({ id: r.id, type: r.type, status: r.status, countFriends: r.countFriends, createdAtTimestamp: Math.floor(r.createdAt.getTime() / 1000) })

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
    const { request: made, created, balance } = await requestIntroduction(app.db, user.id, numberId, phone.e164)
    return { status: true as const, data: { request: toApi(made), created, balance } }
  })
}
