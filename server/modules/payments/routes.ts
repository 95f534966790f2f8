import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  checkoutBody,
  checkoutResponse,
  devPayBody,
  devPaymentParams,
  devPaymentResponse,
  devPayResponse,
  isPlanProduct,
  productsQuery,
  productsResponse,
  type CheckoutProvider,
} from '../../../contract/api/payments'
import { ERROR_CODES } from '../../../contract/errors'
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { readPhone } from '../profiles/lookup'
import { fulfilPack, fulfilPlanPayment, lockPlanOwner, onceForEvent } from './fulfilment-repository'
import { endOpenPlanCheckouts, refuseSecondPlan } from './plan-change-repository'
import { createPayment, getPayment, setPaymentRef } from './repository'
import type { PaymentsContext } from './context'

const serviceUnavailable = (message: string) => new AppError(503, ERROR_CODES.PROVIDER_DISABLED, message)

/**
 * The address the browser comes back to: PUBLIC_URL (required in production), else this
 * server on localhost. Never the request's Host header, which any caller can forge (issue 29).
 */
export function originOf(app: FastifyInstance): string {
  return app.env.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${app.env.PORT}`
}

/** Catalogue, checkout and the development provider (DESIGN.md section 8). */
export async function paymentRoutes(app: FastifyInstance, { payments: ctx }: { payments: PaymentsContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { catalogue } = ctx

  r.get(
    '/api/v6/payment/products',
    {
      schema: {
        tags: ['payments'],
        summary: 'Coin packs and plans with prices in the asker’s language, and the payment providers configured',
        querystring: productsQuery,
        response: { 200: productsResponse },
      },
    },
    async (request) => {
      const locale = request.query.locale ?? 'en'
      const products = catalogue.entries().map((e) => catalogue.describe(e, locale, ctx.providersFor(e.id)))
      return {
        status: true as const,
        data: {
          products,
          providers: ctx.providers(),
          tiers: { free: { searchDailyLimit: catalogue.searchDailyLimit(null) }, ...catalogue.tiers },
        },
      }
    },
  )

  r.post(
    '/api/v6/payment/checkout',
    {
      // A money call: a retry with the same Idempotency-Key is answered once (plugins/idempotency).
      config: { idempotent: true },
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Starts a purchase: the page to open in the top window (Stripe Checkout, or the development payment page)',
        body: checkoutBody,
        response: { 200: checkoutResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const { product, gift_number: giftNumber } = request.body
      const entry = catalogue.get(product)
      if (!entry) throw badRequest(`${product} is not sold here`)
      if (giftNumber && !isPlanProduct(product)) throw badRequest('Only a plan can be a gift; coin packs are for your own account')
      const offered = ctx.providersFor(product)
      if (!offered.length) throw serviceUnavailable('Payments are not configured on this server')
      const provider: CheckoutProvider = request.body.provider ?? offered[0]
      if (!offered.includes(provider)) throw badRequest(`${product} cannot be bought through ${provider} here; use ${offered.join(' or ')}`)
      // A gift only names its number here: nothing about that number changes until the gift is paid (fulfilment).
      const giftE164 = giftNumber ? readPhone(app, user, giftNumber, 'gift_number').e164 : null
      if (giftE164 && giftE164 === user.phone)
        throw badRequest('A gift is for another number; buy the plan for yourself without gift_number')
      const ownPlan = entry.kind === 'plan' && !giftE164
      // One plan at a time (ADR 0053): a plan for oneself is decided under the person's plan lock, so
      // two checkouts at once are taken in turn; one in force is refused, an open one is ended.
      if (ownPlan) {
        return app.db.transaction(async (tx) => {
          await lockPlanOwner(tx, user.id)
          await refuseSecondPlan(tx, user.id)
          await endOpenPlanCheckouts(tx, ctx, user.id)
          return startCheckout(tx as unknown as typeof app.db)
        })
      }
      return startCheckout(app.db)

      async function startCheckout(db: typeof app.db) {
        const paymentId = await createPayment(db, {
          userId: user.id,
          beneficiaryId: giftE164 ? null : user.id,
          giftNumber: giftE164,
          provider,
          product,
          amount: entry!.price,
          currency: catalogue.currency,
          coins: entry!.coins ?? 0,
        })
        const origin = originOf(app)
        const back = `${origin}${entry!.kind === 'pack' ? '/paywall/numcy' : `/paywall?tab=${entry!.tier}`}`
        if (provider === 'dev') return { status: true as const, data: { url: `${origin}/payment/dev/${paymentId}`, provider, paymentId } }

        const stripe = ctx.stripe!
        const gift = Boolean(giftNumber)
        // user_id is the buyer for a gift too: the gifted number's account exists only once it is paid.
        const metadata = {
          payment_id: String(paymentId),
          user_id: String(user.id),
          buyer_id: String(user.id),
          product,
          gift: gift ? '1' : '0',
        }
        const session = await stripe.gateway
          .createCheckoutSession({
            // A gift is one period paid once; one's own plan renews until cancelled.
            mode: entry!.kind === 'plan' && !gift ? 'subscription' : 'payment',
            line: gift
              ? { amount: entry!.price, currency: catalogue.currency, name: `${product} (gift)` }
              : { price: stripe.prices[product]! },
            clientReferenceId: String(user.id),
            metadata,
            successUrl: `${back}${back.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
            cancelUrl: back,
          })
          .catch((err: Error) => {
            request.log.error({ err }, 'Stripe checkout failed')
            throw serviceUnavailable('The payment provider did not answer; nothing was charged. Try again in a moment.')
          })
        await setPaymentRef(db, paymentId, session.id)
        return { status: true as const, data: { url: session.url, provider, paymentId } }
      }
    },
  )

  r.get(
    '/api/v6/payment/dev/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'A pending development payment, for its checkout page',
        params: devPaymentParams,
        response: { 200: devPaymentResponse },
      },
    },
    async (request) => {
      const payment = await ownDevPayment(request, request.params.id)
      const entry = catalogue.get(payment.product)!
      return {
        status: true as const,
        data: {
          id: payment.id,
          product: catalogue.describe(entry, request.headers['accept-language']?.split(',')[0] ?? 'en', ['dev']),
          status: payment.status,
          giftNumber: payment.giftNumber,
        },
      }
    },
  )

  r.post(
    '/api/v6/payment/dev/pay',
    {
      // A money call: a retry with the same Idempotency-Key is answered once (plugins/idempotency).
      config: { idempotent: true },
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Completes a development payment through the same fulfilment as Stripe’s webhook',
        body: devPayBody,
        response: { 200: devPayResponse },
      },
    },
    async (request) => {
      const payment = await ownDevPayment(request, request.body.id)
      const entry = catalogue.get(payment.product)!
      await onceForEvent(app.db, { provider: 'dev', id: `pay:${payment.id}` }, async (tx) => {
        return entry.kind === 'pack' ? fulfilPack(tx, payment.id, null) : fulfilPlanPayment(tx, payment.id, null, catalogue.coinsPerPeriod)
      })
      const back = entry.kind === 'pack' ? '/paywall/numcy' : `/paywall?tab=${entry.tier}`
      return { status: true as const, data: { status: 'paid' as const, returnUrl: back } }
    },
  )

  async function ownDevPayment(request: FastifyRequest, id: number) {
    if (!ctx.providers().includes('dev')) throw forbidden('Development payments are off on this server')
    const user = currentUser(request)
    const payment = await getPayment(app.db, id)
    if (!payment || payment.provider !== 'dev' || payment.userId !== user.id) throw notFound('No such development payment of yours')
    if (payment.status === 'expired' && request.method === 'POST') throw conflict('A newer checkout replaced this one; nothing was charged')
    if (payment.status !== 'pending' && request.method === 'POST')
      throw conflict('This payment is already complete; nothing was charged again')
    return payment
  }
}
