import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { phoneBody, pollAnswerBody, reputationStateResponse } from '../../../contract/api/numbers'
import { badRequest } from '../../errors'
import { currentUser, type AuthUser } from '../../plugins/auth'
import { upsertNumber } from '../numbers/repository'
import { readPhone } from '../profiles/lookup'
import { addBan, allTagsKnown, refreshReputation, removeBan, replacePollAnswers } from './repository'

/** Poll answers (tags) and bans: a user's own say on a number, which moves its reputation index. */
export async function pollsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { preHandler: app.requireUser }

  /** The number of a request; rating your own number is not allowed. */
  async function targetNumber(user: AuthUser, input: string): Promise<number> {
    const phone = readPhone(app, user, input)
    if (phone.e164 === user.phone) throw badRequest('You cannot rate your own number')
    return upsertNumber(app.db, phone.e164, phone.country)
  }

  r.post(
    '/api/v6/poll/answer',
    {
      ...auth,
      schema: {
        tags: ['polls'],
        summary: 'Answer a poll about a number: tag ids, replacing your previous answers to that poll',
        body: pollAnswerBody,
        response: { 200: reputationStateResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const { poll, answers } = request.body
      if (!(await allTagsKnown(app.db, answers))) throw badRequest('answers holds an unknown tag id')
      const numberId = await targetNumber(user, request.body.phone)
      await replacePollAnswers(app.db, user.id, numberId, poll, answers)
      return { status: true as const, data: await refreshReputation(app.db, numberId, user.id) }
    },
  )

  r.post(
    '/api/v6/ban/add',
    {
      ...auth,
      schema: { tags: ['polls'], summary: 'Ban (block) a number', body: phoneBody, response: { 200: reputationStateResponse } },
    },
    async (request) => {
      const user = currentUser(request)
      const numberId = await targetNumber(user, request.body.phone)
      await addBan(app.db, user.id, numberId)
      return { status: true as const, data: await refreshReputation(app.db, numberId, user.id) }
    },
  )

  r.post(
    '/api/v6/ban/remove',
    {
      ...auth,
      schema: { tags: ['polls'], summary: 'Lift your ban of a number', body: phoneBody, response: { 200: reputationStateResponse } },
    },
    async (request) => {
      const user = currentUser(request)
      const numberId = await targetNumber(user, request.body.phone)
      await removeBan(app.db, user.id, numberId)
      return { status: true as const, data: await refreshReputation(app.db, numberId, user.id) }
    },
  )
}
