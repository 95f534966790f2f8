import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { fofAnswerBody, fofAnswerResponse } from '../../../contract/api/notifications'
import type { FofOutgoingRequest, FofRequestStatus } from '../../../contract/api/number-profile'
import { fofRequestBody, fofRequestResponse } from '../../../contract/api/numbers'
import { LIMITS } from '../../../contract/constants'
import { badRequest } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { upsertNumber } from '../numbers/repository'
import { readPhone } from '../profiles/lookup'
import { answerIntroduction, INTRODUCTION_TTL_DAYS, requestIntroduction, type IntroductionRequest } from './repository'

/** A request as the request call answers it: pending (new) or the one still pending, so nobody accepted it yet. */
const toApi = (r: IntroductionRequest): FofOutgoingRequest => ({
  id: r.id,
  type: r.type,
  status: r.status as FofRequestStatus,
  countFriends: r.countFriends,
  createdAtTimestamp: Math.floor(r.createdAt.getTime() / 1000),
  refunded: r.refundedAt !== null,
  acceptedBy: null,
})

/** Friends of friends (DESIGN.md section 5): asking the contacts who know a number for an introduction. */
export async function fofRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/api/v6/fof/request',
    {
      // A money call: a retry with the same Idempotency-Key is answered once (plugins/idempotency).
      config: { idempotent: true },
      preHandler: app.requireUser,
      schema: {
        tags: ['numbers'],
        summary: `Ask the contacts who have a number saved to introduce you; ${LIMITS.defaultPriceDirectly} coins, charged once while the request is pending; 402 when the balance is short`,
        body: fofRequestBody,
        response: { 200: fofRequestResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const phone = readPhone(app, user, request.body.phone)
      if (phone.e164 === user.phone) throw badRequest('That is your own number')
      const numberId = await upsertNumber(app.db, phone.e164, phone.country)
      const { request: made, created, balance } = await requestIntroduction(app.db, user.id, numberId)
      return { status: true as const, data: { request: toApi(made), created, balance } }
    },
  )

  r.post(
    '/api/v6/fof/answer',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['numbers'],
        summary:
          `Accept or decline an introduction request you were asked to answer, once. The first accept tells the requester that you know the number; ` +
          `when everyone asked declines, or nobody accepts within ${INTRODUCTION_TTL_DAYS} days, the requester's coins go back. ` +
          '403 when you were not asked, 409 when you answered already or the request is over',
        body: fofAnswerBody,
        response: { 200: fofAnswerResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      return { status: true as const, data: await answerIntroduction(app.db, user.id, request.body.request_id, request.body.answer) }
    },
  )
}
