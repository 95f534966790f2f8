import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ERROR_CODES } from '../../../contract/errors'
import { AppError, notFound } from '../../errors'
import {
  createTelegramClient,
  readTelegramUpdate,
  shareContactKeyboard,
  verifyTelegramSecret,
  type TelegramClient,
  type TelegramUpdate,
} from '../../providers/telegram'
import { readWhatsappMessages, verifyWhatsappSignature } from '../../providers/whatsapp'
import { twiml, verifyTwilioSignature } from '../../providers/twilio'
import { attachChat, codeForChat, confirmCode } from './codes'
import { claimEvent, forgetEvent } from './webhook-events'

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer
  }
}

const invalidSignature = () => new AppError(401, ERROR_CODES.WEBHOOK_SIGNATURE_INVALID, 'Webhook signature is missing or invalid')
const CODE_IN_TEXT = /(?:^|\D)(\d{6})(?:\D|$)/

/**
 * Messenger webhooks of DESIGN.md section 4. Each verifies its provider's own
 * signature over the bytes received, answers 2xx fast and ignores deliveries it has
 * seen before (providers retry).
 */
export async function authWebhookRoutes(app: FastifyInstance, opts: { telegram?: TelegramClient }) {
  const { env } = app

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

  /**
   * Runs `work` for the first delivery of a provider event only. When the work fails
   * the event is forgotten again, so the provider's retry is processed.
   */
  async function onFirstDelivery<T>(provider: string, eventId: string, work: () => Promise<T>): Promise<T | undefined> {
    if (!(await claimEvent(app.db, provider, eventId))) return undefined
    try {
      return await work()
    } catch (err) {
      await forgetEvent(app.db, provider, eventId)
      throw err
    }
  }

  async function tooManyWrong(phone: string): Promise<boolean> {
    return (await app.store.get(`wrong-phone:${phone}`)) >= 10
  }

  async function confirmFromMessage(phone: string, text: string, via: string): Promise<string> {
    const code = CODE_IN_TEXT.exec(text)?.[1]
    if (!code || (await tooManyWrong(phone))) return 'ignored'
    const result = await confirmCode(app.db, code, phone, via)
    if (result === 'unknown') await app.store.increment(`wrong-phone:${phone}`, 600)
    return result
  }

  const telegram = opts.telegram ?? (env.providers.telegram ? createTelegramClient(env.TELEGRAM_API_BASE, env.TELEGRAM_BOT_TOKEN!) : undefined)

  app.post('/api/v6/auth/webhook/telegram', { schema: { tags: ['webhooks'], summary: 'Telegram bot updates' } }, async (request) => {
    if (!env.providers.telegram || !telegram) throw notFound('Telegram sign-in is not configured')
    if (!verifyTelegramSecret(request.headers['x-telegram-bot-api-secret-token'], env.TELEGRAM_WEBHOOK_SECRET!)) throw invalidSignature()
    const update = request.body as TelegramUpdate
    if (!update || typeof update.update_id !== 'number') throw new AppError(400, ERROR_CODES.VALIDATION, 'Not a Telegram update')
    const intent = readTelegramUpdate(update)
    // Replies go out after we answer: Telegram wants its 2xx fast.
    const reply = (text: string, markup?: unknown) =>
      void telegram.sendMessage((intent as { chatId: string }).chatId, text, markup).catch((err) => request.log.warn({ err }, 'telegram reply failed'))
    await onFirstDelivery('telegram', String(update.update_id), async () => {
      if (intent.kind === 'start') {
        if (await attachChat(app.db, intent.code, intent.chatId)) reply('Tap "Share phone" to confirm your number and sign in.', shareContactKeyboard)
        else reply('This sign-in code has expired. Start again on the website.')
      } else if (intent.kind === 'contact') {
        const code = await codeForChat(app.db, intent.chatId)
        const phone = app.phone.normalize(intent.phone)
        const result = code && phone ? await confirmCode(app.db, code, phone.e164, 'telegram') : 'unknown'
        reply(result === 'confirmed' ? 'You are signed in. Return to the website.' : 'Start sign-in on the website first.', { remove_keyboard: true })
      } else if (intent.kind === 'foreign-contact') {
        reply('Share your own number with the button below.', shareContactKeyboard)
      }
    })
    return { ok: true }
  })

  app.get('/api/v6/auth/webhook/whatsapp', { schema: { tags: ['webhooks'], summary: 'WhatsApp webhook verification' } }, async (request, reply) => {
    if (!env.providers.whatsapp) throw notFound('WhatsApp sign-in is not configured')
    const q = request.query as Record<string, string | undefined>
    if (q['hub.mode'] === 'subscribe' && env.WHATSAPP_VERIFY_TOKEN && verifyTelegramSecret(q['hub.verify_token'], env.WHATSAPP_VERIFY_TOKEN)) {
      return reply.type('text/plain').send(q['hub.challenge'] ?? '')
    }
    throw new AppError(403, ERROR_CODES.FORBIDDEN, 'Verify token does not match')
  })

  app.post('/api/v6/auth/webhook/whatsapp', { schema: { tags: ['webhooks'], summary: 'WhatsApp Cloud API inbound messages' } }, async (request) => {
    if (!env.providers.whatsapp) throw notFound('WhatsApp sign-in is not configured')
    if (!request.rawBody || !verifyWhatsappSignature(request.rawBody, request.headers['x-hub-signature-256'], env.WHATSAPP_APP_SECRET!)) {
      throw invalidSignature()
    }
    let confirmed = 0
    for (const m of readWhatsappMessages(request.body as never, env.WHATSAPP_PHONE_NUMBER_ID!)) {
      const result = await onFirstDelivery('whatsapp', m.id, async () => {
        const phone = app.phone.normalize(`+${m.from.replace(/\D/g, '')}`)
        return phone ? confirmFromMessage(phone.e164, m.text, 'whatsapp') : 'ignored'
      })
      if (result === 'confirmed') confirmed++
    }
    return { status: true, data: { confirmed } }
  })

  app.post('/api/v6/auth/webhook/sms', { schema: { tags: ['webhooks'], summary: 'Twilio inbound SMS' } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!env.providers.sms) throw notFound('SMS sign-in is not configured')
    const params = (request.body ?? {}) as Record<string, string>
    if (typeof params !== 'object' || Array.isArray(params)) throw invalidSignature()
    // The exact public address Twilio called, with any path prefix of PUBLIC_URL.
    const base = env.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.headers.host}`
    const url = `${base}${request.url}`
    if (!verifyTwilioSignature(env.TWILIO_AUTH_TOKEN!, url, params, request.headers['x-twilio-signature'])) throw invalidSignature()
    reply.type('text/xml')
    if (!params.MessageSid) return twiml()
    const result = await onFirstDelivery('sms', params.MessageSid, async () => {
      const phone = app.phone.normalize(params.From ?? '')
      return phone ? confirmFromMessage(phone.e164, params.Body ?? '', 'sms') : 'ignored'
    })
    if (result === 'confirmed') return twiml('You are signed in. Return to the website.')
    if (result === 'expired') return twiml('This code has expired. Start again on the website.')
    return twiml()
  })
}
