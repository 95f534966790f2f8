import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { balanceResponse } from '../../../contract/api/account'
import { commentSubscriptionBody, commentSubscriptionResponse } from '../../../contract/api/community'
import { ledgerQuery, ledgerResponse } from '../../../contract/api/privacy'
import { forbidden, notFound } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { findComment } from '../comments/repository'
import { balanceOf } from './ledger-repository'
import { cancelHide, hideComment, ledgerPage } from './repository'

/** `/numcy/*`: the coin balance, its ledger, and hiding a review on one's own number for coins. */
export async function coinRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { preHandler: app.requireUser }

  r.get(
    '/api/v6/numcy/balance',
    {
      ...auth,
      schema: { tags: ['coins'], summary: 'Coin balance', response: { 200: balanceResponse } },
    },
    async (request) => ({ status: true as const, data: { balance: await balanceOf(app.db, currentUser(request).id) } }),
  )

  r.get(
    '/api/v6/numcy/ledger',
    {
      ...auth,
      schema: {
        tags: ['coins'],
        summary: 'Your coin ledger, newest first: every change of the balance with its reason',
        querystring: ledgerQuery,
        response: { 200: ledgerResponse },
      },
    },
    async (request) => {
      const { limit, offset } = request.query
      const { items, total } = await ledgerPage(app.db, currentUser(request).id, limit, offset)
      return {
        status: true as const,
        data: {
          total,
          items: items.map((e) => ({
            id: e.id,
            delta: e.delta,
            balanceAfter: e.balanceAfter,
            reason: e.reason,
            createdAtTimestamp: Math.floor(e.createdAt.getTime() / 1000),
          })),
        },
      }
    },
  )

  /** The comment, when it is on the caller's own number. */
  async function ownNumberComment(userPhone: string, commentId: number) {
    const c = await findComment(app.db, commentId)
    if (!c || c.removed) throw notFound('No such comment')
    if (c.e164 !== userPhone) throw forbidden('Only the owner of the number can hide its reviews')
    return c
  }

  r.post(
    '/api/v6/numcy/subscription/comment/add',
    {
      // A money call: a retry with the same Idempotency-Key is answered once (plugins/idempotency).
      config: { idempotent: true },
      ...auth,
      schema: {
        tags: ['coins'],
        summary: 'Hide a review on your own number for a month, renewing monthly (10 coins a month); 402 when the balance is short',
        body: commentSubscriptionBody,
        response: { 200: commentSubscriptionResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const c = await ownNumberComment(user.phone, request.body.comment_id)
      return { status: true as const, data: await hideComment(app.db, user.id, c.id) }
    },
  )

  r.post(
    '/api/v6/numcy/subscription/comment/cancel',
    {
      ...auth,
      schema: {
        tags: ['coins'],
        summary: 'Stop renewing a hidden review; it stays hidden until the paid month ends',
        body: commentSubscriptionBody,
        response: { 200: commentSubscriptionResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const c = await ownNumberComment(user.phone, request.body.comment_id)
      return { status: true as const, data: await cancelHide(app.db, user.id, c.id) }
    },
  )
}
