import type { FastifyInstance } from 'fastify'
import { ERROR_CODES } from '../../../../contract/errors'
import { AppError } from '../../../errors'
import type { TelegramClient } from '../../../providers/telegram'
import { webhookKit } from './kit'
import { telegramWebhook } from './telegram'
import { twilioWebhooks } from './twilio'
import { viberWebhook } from './viber'
import { whatsappWebhook } from './whatsapp'

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer
  }
}

/**
 * `/auth/webhook/*`: the messenger webhooks of DESIGN.md section 4, one file per provider.
 * Each verifies its provider's own signature over the bytes received, answers 2xx fast and
 * ignores deliveries it has seen before (providers retry).
 */
export async function authWebhookRoutes(app: FastifyInstance, opts: { telegram?: TelegramClient }) {
  // Signatures cover the exact bytes sent: keep them before parsing JSON.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (request, body, done) => {
    request.rawBody = body as Buffer
    try {
      done(null, JSON.parse((body as Buffer).toString('utf8')))
    } catch {
      done(new AppError(400, ERROR_CODES.VALIDATION, 'Body is not valid JSON'), undefined)
    }
  })
  const kit = webhookKit(app)
  telegramWebhook(app, kit, opts.telegram)
  whatsappWebhook(app, kit)
  twilioWebhooks(app, kit)
  viberWebhook(app, kit)
}
