import type { FastifyInstance } from 'fastify'
import { ERROR_CODES } from '../../../../contract/errors'
import { AppError, notFound } from '../../../errors'
import { verifyTelegramSecret } from '../../../providers/telegram'
import { readWhatsappMessages, verifyWhatsappSignature } from '../../../providers/whatsapp'
import type { WebhookKit } from './kit'

/** WhatsApp Cloud API (PROVIDERS.md): the verification handshake, and inbound messages carrying a sign-in code. */
export function whatsappWebhook(app: FastifyInstance, { onFirstDelivery, invalidSignature, confirmFromMessage }: WebhookKit) {
  const { env } = app

  /**
   * The WhatsApp numbers this server signs in with: the personal one and the business one
   * share this webhook (they may belong to one Meta app or to two, with their own secrets).
   */
  const whatsappAccounts = [
    env.providers.whatsapp && {
      via: 'whatsapp',
      appSecret: env.WHATSAPP_APP_SECRET!,
      verifyToken: env.WHATSAPP_VERIFY_TOKEN,
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!,
    },
    env.providers.whatsappBusiness && {
      via: 'whatsappBusiness',
      appSecret: env.WHATSAPP_BUSINESS_APP_SECRET!,
      verifyToken: env.WHATSAPP_BUSINESS_VERIFY_TOKEN,
      phoneNumberId: env.WHATSAPP_BUSINESS_PHONE_NUMBER_ID!,
    },
  ].filter((a) => a !== false)

  app.get(
    '/api/v6/auth/webhook/whatsapp',
    { schema: { tags: ['webhooks'], summary: 'WhatsApp webhook verification' } },
    async (request, reply) => {
      if (whatsappAccounts.length === 0) throw notFound('WhatsApp sign-in is not configured')
      const q = request.query as Record<string, string | undefined>
      const tokenMatches = whatsappAccounts.some((a) => a.verifyToken && verifyTelegramSecret(q['hub.verify_token'], a.verifyToken))
      if (q['hub.mode'] === 'subscribe' && tokenMatches) return reply.type('text/plain').send(q['hub.challenge'] ?? '')
      throw new AppError(403, ERROR_CODES.FORBIDDEN, 'Verify token does not match')
    },
  )

  app.post(
    '/api/v6/auth/webhook/whatsapp',
    { schema: { tags: ['webhooks'], summary: 'WhatsApp Cloud API inbound messages (personal and business numbers)' } },
    async (request) => {
      if (whatsappAccounts.length === 0) throw notFound('WhatsApp sign-in is not configured')
      // Only the numbers whose app signed this delivery are read from it.
      const signedFor = whatsappAccounts.filter(
        (a) => request.rawBody && verifyWhatsappSignature(request.rawBody, request.headers['x-hub-signature-256'], a.appSecret),
      )
      if (signedFor.length === 0) throw invalidSignature()
      let confirmed = 0
      for (const account of signedFor) {
        for (const m of readWhatsappMessages(request.body as never, account.phoneNumberId)) {
          const result = await onFirstDelivery('whatsapp', m.id, async () => {
            const phone = app.phone.normalize(`+${m.from.replace(/\D/g, '')}`)
            return phone ? confirmFromMessage(phone.e164, m.text, account.via) : 'ignored'
          })
          if (result === 'confirmed') confirmed++
        }
      }
      return { status: true, data: { confirmed } }
    },
  )
}
