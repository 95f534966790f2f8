import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  disputeAddBody,
  disputeAddResponse,
  disputeDecideBody,
  disputeDecideResponse,
  disputeQueueQuery,
  disputeQueueResponse,
} from '../../../contract/api/disputes'
import { badRequest, conflict, forbidden } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { assertModerator } from '../moderation/repository'
import { upsertNumber } from '../numbers/repository'
import { readPhone } from '../profiles/lookup'
import { decideDispute, disputeQueue, openDispute } from './repository'

/** A date of ownership may be "today" where the owner lives, up to a day ahead of UTC, never later. */
const LATEST_OWNED_SINCE_MS = 86_400_000

/** Contesting a number's reputation (DESIGN.md section 9): the owner's call and the moderators' queue. */
export async function disputeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { preHandler: app.requireUser }

  r.post(
    '/api/v6/dispute/add',
    {
      ...auth,
      schema: {
        tags: ['disputes'],
        summary: "Contest your own number's reputation (your verified sign-in number only; one open dispute per number)",
        body: disputeAddBody,
        response: { 200: disputeAddResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const body = request.body
      const phone = readPhone(app, user, body.phone)
      if (phone.e164 !== user.phone) throw forbidden('You can only contest your own number: the number you signed in with')
      const ownedSince = body.owned_since ? new Date(`${body.owned_since}T00:00:00Z`) : null
      if (ownedSince && ownedSince.getTime() > Date.now() + LATEST_OWNED_SINCE_MS) throw badRequest('owned_since cannot be in the future')
      const numberId = await upsertNumber(app.db, phone.e164, phone.country)
      const state = await openDispute(app.db, {
        numberId,
        userId: user.id,
        category: body.category,
        reasons: body.reasons,
        link: body.link || null,
        ownedSince,
      })
      if (!state) throw conflict("This number's rating is already under review: wait for the moderators' decision")
      return { status: true as const, data: state }
    },
  )

  r.get(
    '/api/v6/moderation/disputes',
    {
      ...auth,
      schema: {
        tags: ['moderation'],
        summary: "Disputes of numbers' reputation, open or decided, each with the number's index and evidence now (moderators)",
        querystring: disputeQueueQuery,
        response: { 200: disputeQueueResponse },
      },
    },
    async (request) => {
      assertModerator(currentUser(request))
      const { status, limit, offset } = request.query
      return { status: true as const, data: await disputeQueue(app.db, status, limit, offset) }
    },
  )

  r.post(
    '/api/v6/moderation/dispute/decide',
    {
      ...auth,
      schema: {
        tags: ['moderation'],
        summary: 'Uphold a dispute (discounting evidence) or reject it (moderators); 409 when already decided',
        body: disputeDecideBody,
        response: { 200: disputeDecideResponse },
      },
    },
    async (request) => {
      const moderator = currentUser(request)
      assertModerator(moderator)
      const body = request.body
      const data = await decideDispute(app.db, moderator.id, {
        disputeId: body.dispute_id,
        decision: body.decision,
        discount: body.discount ?? [],
        note: body.note || null,
      })
      return { status: true as const, data }
    },
  )
}
