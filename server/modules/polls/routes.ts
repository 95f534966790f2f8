import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { phoneBody, pollAnswerBody, reputationStateResponse } from '../../../contract/api/numbers'
import type { Db } from '../../db/client'
import { bans, numberStats, pollAnswers, tags } from '../../db/schema'
import { badRequest } from '../../errors'
import { currentUser, type AuthUser } from '../../plugins/auth'
import { loadEvidence } from '../numbers/evidence'
import { upsertNumber } from '../numbers/repository'
import { reputationIndex } from '../reputation'
import { readPhone } from '../profiles/lookup'

/**
 * Recomputes a number's reputation from its evidence and stores it in
 * number_stats; answers what the number page shows after a ban or a poll answer.
 */
export async function refreshReputation(db: Db, numberId: number, viewerId: number) {
  const evidence = await loadEvidence(db, numberId)
  const index = reputationIndex(evidence)
  const negative = evidence.filter((e) => e.direction === 'negative').reduce((s, e) => s + e.weight, 0)
  const positive = evidence.filter((e) => e.direction === 'positive').reduce((s, e) => s + e.weight, 0)
  await db
    .insert(numberStats)
    .values({ numberId, reputation: index, negative, positive })
    .onConflictDoUpdate({ target: numberStats.numberId, set: { reputation: index, negative, positive, updatedAt: sql`now()` } })
  const [[count], mine, answers] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(bans).where(eq(bans.numberId, numberId)),
    db.select({ n: sql<number>`1` }).from(bans).where(and(eq(bans.numberId, numberId), eq(bans.userId, viewerId))),
    db.select({ tagId: pollAnswers.tagId }).from(pollAnswers).where(and(eq(pollAnswers.numberId, numberId), eq(pollAnswers.userId, viewerId))).orderBy(pollAnswers.tagId),
  ])
  return { index, bans: count?.n ?? 0, isBanned: mine.length > 0, pollAnswers: answers.map((a) => a.tagId) }
}

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

  r.post('/api/v6/poll/answer', {
    ...auth,
    schema: {
      tags: ['polls'],
      summary: 'Answer a poll about a number: tag ids, replacing your previous answers to that poll',
      body: pollAnswerBody,
      response: { 200: reputationStateResponse },
    },
  }, async (request) => {
    const user = currentUser(request)
    const { poll, answers } = request.body
    if (answers.length) {
      const known = await app.db.select({ id: tags.id }).from(tags).where(inArray(tags.id, answers))
      if (known.length !== answers.length) throw badRequest('answers holds an unknown tag id')
    }
    const numberId = await targetNumber(user, request.body.phone)
    await app.db.transaction(async (tx) => {
      await tx.delete(pollAnswers).where(and(eq(pollAnswers.userId, user.id), eq(pollAnswers.numberId, numberId), eq(pollAnswers.poll, poll)))
      if (answers.length) {
        await tx
          .insert(pollAnswers)
          .values(answers.map((tagId) => ({ userId: user.id, numberId, tagId, poll })))
          .onConflictDoUpdate({ target: [pollAnswers.userId, pollAnswers.numberId, pollAnswers.tagId], set: { poll, createdAt: sql`now()` } })
      }
    })
    return { status: true as const, data: await refreshReputation(app.db, numberId, user.id) }
  })

  r.post('/api/v6/ban/add', {
    ...auth,
    schema: { tags: ['polls'], summary: 'Ban (block) a number', body: phoneBody, response: { 200: reputationStateResponse } },
  }, async (request) => {
    const user = currentUser(request)
    const numberId = await targetNumber(user, request.body.phone)
    await app.db.insert(bans).values({ userId: user.id, numberId }).onConflictDoNothing()
    return { status: true as const, data: await refreshReputation(app.db, numberId, user.id) }
  })

  r.post('/api/v6/ban/remove', {
    ...auth,
    schema: { tags: ['polls'], summary: 'Lift your ban of a number', body: phoneBody, response: { 200: reputationStateResponse } },
  }, async (request) => {
    const user = currentUser(request)
    const numberId = await targetNumber(user, request.body.phone)
    await app.db.delete(bans).where(and(eq(bans.userId, user.id), eq(bans.numberId, numberId)))
    return { status: true as const, data: await refreshReputation(app.db, numberId, user.id) }
  })
}
