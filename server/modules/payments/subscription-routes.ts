import crypto from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  authKeyBody,
  authKeyPeekResponse,
  authKeyResponse,
  cancelResumeResponse,
  lookupsQuery,
  lookupsResponse,
  overlimitResponse,
  paymentKeyResponse,
  subscriptionQuery,
  subscriptionResponse,
  type SubscriptionData,
} from '../../../contract/api/payments'
import { badRequest, conflict } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { openSession } from '../auth/sessions'
import { ONE_TIME_KEY_TTL_SECONDS } from '../auth/tokens'
import type { PaymentsContext } from './context'
import { applyRenewal } from './renewal'
import { currentSubscription, lookupsOf, peekKey, phoneOf, planTierOf, setOverlimit, storeKey, toActiveSubscription, useKey } from './repository'
import { originOf } from './routes'

const LOOKUPS_DAYS = 30

/** Subscription state, renewal switches, paid search, "who looked me up" and one-time keys (DESIGN.md section 8). */
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
    return { activeSubscription: row ? toActiveSubscription(row) : null, neverRequested, myNumber: user.phone, stripe }
  }

  r.get('/api/v6/subscription/get', {
    preHandler: app.requireUser,
    schema: { tags: ['payments'], summary: 'The plan in force (or the last one), with the billing-portal link of a Stripe customer', querystring: subscriptionQuery, response: { 200: subscriptionResponse } },
  }, async (request) => ({ status: true as const, data: await subscriptionData(request) }))

  for (const [action, on] of [['cancel', false], ['resume', true]] as const) {
    r.post(`/api/v6/subscription/${action}`, {
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: on ? 'Undoes a cancellation before the period ends' : 'Stops renewal at the end of the paid period; the plan holds until then',
        response: { 200: cancelResumeResponse },
      },
    }, async (request) => {
      const user = currentUser(request)
      const { row } = await currentSubscription(app.db, user.id)
      if (!row || toActiveSubscription(row).status === 'expired') throw conflict('You have no plan in force to change')
      if (row.provider === 'gift') throw conflict('A gifted plan does not renew; there is nothing to change')
      if (row.autoRenewing === on) throw conflict(on ? 'Your plan already renews' : 'Your plan is already set to end at the end of its period')
      await applyRenewal(app.db, ctx.stripe, row, on)
      return { status: true as const, data: await subscriptionData(request) }
    })
  }

  for (const [path, on] of [['/api/v6/params/overlimit', true], ['/api/v6/params/overlimit/disable', false]] as const) {
    r.post(path, {
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: on ? 'Turns paid search on: past the daily limit a search may cost coins' : 'Turns paid search off',
        response: { 200: overlimitResponse },
      },
    }, async (request) => {
      await setOverlimit(app.db, currentUser(request).id, on)
      return { status: true as const, data: { overlimit: on } }
    })
  }

  r.get('/api/v6/spy/lookups', {
    preHandler: app.requireUser,
    schema: {
      tags: ['payments'],
      summary: `Premium Plus: the signed-in users who looked up your number in the last ${LOOKUPS_DAYS} days (anti-spy users without a number)`,
      querystring: lookupsQuery,
      response: { 200: lookupsResponse },
    },
  }, async (request) => {
    const user = currentUser(request)
    if ((await planTierOf(app.db, user.id)) !== 'tier2') return { status: true as const, data: { allowed: false, items: [], total: 0 } }
    const since = new Date(Date.now() - LOOKUPS_DAYS * 86_400_000)
    const { items, total } = await lookupsOf(app.db, user.id, since, request.query.limit, request.query.offset)
    return { status: true as const, data: { allowed: true, items, total } }
  })

  r.post('/api/v6/payment/key', {
    preHandler: app.requireUser,
    schema: { tags: ['payments'], summary: 'A one-time key (15 minutes) that opens the paywall in a browser already signed in', response: { 200: paymentKeyResponse } },
  }, async (request) => {
    const user = currentUser(request)
    const jti = crypto.randomUUID()
    await storeKey(app.db, jti, user.id, new Date(Date.now() + ONE_TIME_KEY_TTL_SECONDS * 1000))
    return { status: true as const, data: { key: await app.tokens.signKey(user.id, jti), expiresIn: ONE_TIME_KEY_TTL_SECONDS } }
  })

  r.post('/api/v6/auth/key', {
    schema: { tags: ['auth'], summary: 'Trades a one-time key for a session token; a key works once', body: authKeyBody, response: { 200: authKeyResponse } },
  }, async (request) => {
    const claims = await app.tokens.verifyKey(request.body.key)
    const userId = claims && (await useKey(app.db, claims.jti))
    if (!claims || userId !== claims.userId) throw badRequest('This key is not valid, has expired or was already used')
    const phone = await phoneOf(app.db, userId)
    if (!phone) throw badRequest('This key is not valid, has expired or was already used')
    const token = await openSession(app.db, app.tokens, userId, `key-${claims.jti}`)
    return { status: true as const, data: { token, profileId: userId, phoneNumber: phone } }
  })

  // Tells no more than the key itself gives its holder (trading it shows the same number), and spends nothing.
  r.post('/api/v6/auth/key/peek', {
    schema: { tags: ['auth'], summary: 'Whose an unused one-time key is, without using it: the web app asks before it switches accounts', body: authKeyBody, response: { 200: authKeyPeekResponse } },
  }, async (request) => {
    const claims = await app.tokens.verifyKey(request.body.key)
    const owner = claims && (await peekKey(app.db, claims.jti))
    if (!claims || !owner || owner.userId !== claims.userId) throw badRequest('This key is not valid, has expired or was already used')
    return { status: true as const, data: { profileId: owner.userId, phoneNumber: owner.phone } }
  })
}
