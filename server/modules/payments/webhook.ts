import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { okEnvelope } from '../../../contract/api/envelope'
import { ERROR_CODES } from '../../../contract/errors'
import { badRequest, notFound } from '../../errors'
import { isStripeSignatureError } from '../../providers/stripe'
import type { PaymentsContext } from './context'
import { handleStripeEvent } from './stripe-events'

const webhookResponse = okEnvelope(z.object({ outcome: z.enum(['applied', 'duplicate', 'ignored']) }))

/**
 * POST /api/v6/payment/webhook/stripe: the only way a Stripe payment grants anything.
 * The body is kept as the exact bytes Stripe signed; its signature and timestamp
 * (300 s either way) are checked before anything is read.
 */
export async function paymentWebhookRoutes(app: FastifyInstance, { payments: ctx }: { payments: PaymentsContext }) {
  // Encapsulated: only this plugin's routes read JSON as raw text.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body))

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v6/payment/webhook/stripe',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Stripe events (checkout.session.completed, invoice.paid, customer.subscription.updated/deleted, charge.refunded), signed with Stripe-Signature',
        headers: z.object({ 'stripe-signature': z.string().min(1).max(4096).optional() }).passthrough(),
        response: { 200: webhookResponse },
      },
    },
    async (request) => {
      if (!ctx.stripe) throw notFound('Stripe is not configured on this server')
      const header = request.headers['stripe-signature']
      if (!header) throw badRequest('The Stripe-Signature header is missing', ERROR_CODES.WEBHOOK_SIGNATURE_INVALID)
      const raw = typeof request.body === 'string' ? request.body : ''
      let event
      try {
        event = ctx.stripe.gateway.verifyEvent(raw, header)
      } catch (err) {
        if (isStripeSignatureError(err)) {
          throw badRequest(
            'The Stripe signature does not match or its timestamp is more than 300 seconds from now',
            ERROR_CODES.WEBHOOK_SIGNATURE_INVALID,
          )
        }
        throw badRequest('The body is not a Stripe event')
      }
      const outcome = await handleStripeEvent(app.db, ctx.catalogue, event)
      request.log.info({ event: event.id, type: event.type, outcome }, 'stripe event')
      return { status: true as const, data: { outcome } }
    },
  )
}
