import crypto from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  cancelResumeResponse,
  paymentKeyResponse,
  subscriptionChangeBody,
  subscriptionChangeResponse,
  subscriptionQuery,
  subscriptionResponse,
  type SubscriptionData,
} from '../../../contract/api/payments'
import { conflict } from '../../errors'
import { CHECKOUT_SESSION_SECONDS } from '../../providers/stripe'
import { currentUser } from '../../plugins/auth'
import { ONE_TIME_KEY_TTL_SECONDS } from '../auth/tokens'
import type { PaymentsContext } from './context'
import { applyRenewal } from './renewal'
import { storeKey } from '../auth/key-repository'
import { changePlan, planArriving } from './plan-change-repository'
import { currentSubscription, hiddenCommentOf, toActiveSubscription } from './repository'
import { originOf } from './routes'

/** `/subscription/*`: the plan in force and its renewal switch; `/payment/key`: a one-time key for the paywall (DESIGN.md section 8). */
export async function subscriptionRoutes(app: FastifyInstance, { payments: ctx }: { payments: PaymentsContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  async function subscriptionData(request: FastifyRequest): Promise<SubscriptionData> {
    const user = currentUser(request)
    const { row, neverRequested } = await currentSubscription(app.db, user.id)
    let stripe: SubscriptionData['stripe'] = null
    if (row?.provider === 'stripe' && row.customerRef && ctx.stripe) {
      const portalUrl = await ctx.stripe.gateway.portalUrl(row.customerRef, `${originOf(app)}/paywall`).catch((err: Error) => {
        request.log.warn({ err }, 'Stripe billing portal link failed')
        return null
      })
      stripe = portalUrl ? { portalUrl } : null
    }
    const activeSubscription = row ? toActiveSubscription(row) : null
    return {
      activeSubscription,
      neverRequested,
      myNumber: user.phone,
      stripe,
      // SPEC.md section 3's other fields of the Subscription (ADR 0053).
      comment_id: await hiddenCommentOf(app.db, user.id),
      status: activeSubscription?.status ?? 'none',
      waitSubscribeData: activeSubscription?.status === 'active' ? false : await planArriving(app.db, user.id, CHECKOUT_SESSION_SECONDS),
      myPhone: user.phone.replace(/^\+/, ''),
    }
  }

  r.get(
    '/api/v6/subscription/get',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'The plan in force (or the last one), with the billing-portal link of a Stripe customer',
        querystring: subscriptionQuery,
        response: { 200: subscriptionResponse },
      },
    },
    async (request) => ({ status: true as const, data: await subscriptionData(request) }),
  )

  for (const [action, on] of [
    ['cancel', false],
    ['resume', true],
  ] as const) {
    r.post(
      `/api/v6/subscription/${action}`,
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['payments'],
          summary: on
            ? 'Undoes a cancellation before the period ends'
            : 'Stops renewal at the end of the paid period; the plan holds until then',
          response: { 200: cancelResumeResponse },
        },
      },
      async (request) => {
        const user = currentUser(request)
        const { row } = await currentSubscription(app.db, user.id)
        if (!row || toActiveSubscription(row).status === 'expired') throw conflict('You have no plan in force to change')
        if (row.provider === 'gift') throw conflict('A gifted plan does not renew; there is nothing to change')
        if (row.autoRenewing === on)
          throw conflict(on ? 'Your plan already renews' : 'Your plan is already set to end at the end of its period')
        await applyRenewal(app.db, ctx.stripe, row, on)
        return { status: true as const, data: await subscriptionData(request) }
      },
    )
  }

  r.post(
    '/api/v6/subscription/change',
    {
      // A money call: a retry with the same Idempotency-Key is answered once (plugins/idempotency).
      config: { idempotent: true },
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary:
          'Another plan for a subscriber: an upgrade holds at once (Stripe charges the prorated difference), a downgrade at the period’s end; the same plan withdraws a pending downgrade',
        body: subscriptionChangeBody,
        response: { 200: subscriptionChangeResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const change = await changePlan(app.db, ctx, user.id, request.body.product)
      return { status: true as const, data: { ...(await subscriptionData(request)), change } }
    },
  )

  r.post(
    '/api/v6/payment/key',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'A one-time key (15 minutes) that opens the paywall in a browser already signed in',
        response: { 200: paymentKeyResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const jti = crypto.randomUUID()
      await storeKey(app.db, jti, user.id, new Date(Date.now() + ONE_TIME_KEY_TTL_SECONDS * 1000))
      return { status: true as const, data: { key: await app.tokens.signKey(user.id, jti), expiresIn: ONE_TIME_KEY_TTL_SECONDS } }
    },
  )
}
