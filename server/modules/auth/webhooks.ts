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
import {
  createViberClient,
  parseJsonKeepingBigInts,
  readViberCallback,
  sharePhonePrompt,
  verifyViberSignature,
  viberPhoneToE164,
} from '../../providers/viber'
import { readWhatsappMessages, verifyWhatsappSignature } from '../../providers/whatsapp'
import { failedAttestation, twiml, twimlReject, verifyTwilioSignature } from '../../providers/twilio'
import { answerCall, attachChat, codeForChat, confirmCode } from './codes'
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

  /**
   * The WhatsApp numbers this server signs in with: the personal one and the business one
   * share this webhook (they may belong to one Meta app or to two, with their own secrets).
   */
  const whatsappAccounts = [
    env.providers.whatsapp && { via: 'whatsapp', appSecret: env.WHATSAPP_APP_SECRET!, verifyToken: env.WHATSAPP_VERIFY_TOKEN, phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID! },
    env.providers.whatsappBusiness && {
      via: 'whatsappBusiness',
      appSecret: env.WHATSAPP_BUSINESS_APP_SECRET!,
      verifyToken: env.WHATSAPP_BUSINESS_VERIFY_TOKEN,
      phoneNumberId: env.WHATSAPP_BUSINESS_PHONE_NUMBER_ID!,
    },
  ].filter((a) => a !== false)

  app.get('/api/v6/auth/webhook/whatsapp', { schema: { tags: ['webhooks'], summary: 'WhatsApp webhook verification' } }, async (request, reply) => {
    if (whatsappAccounts.length === 0) throw notFound('WhatsApp sign-in is not configured')
    const q = request.query as Record<string, string | undefined>
    const tokenMatches = whatsappAccounts.some((a) => a.verifyToken && verifyTelegramSecret(q['hub.verify_token'], a.verifyToken))
    if (q['hub.mode'] === 'subscribe' && tokenMatches) return reply.type('text/plain').send(q['hub.challenge'] ?? '')
    throw new AppError(403, ERROR_CODES.FORBIDDEN, 'Verify token does not match')
  })

  app.post('/api/v6/auth/webhook/whatsapp', { schema: { tags: ['webhooks'], summary: 'WhatsApp Cloud API inbound messages (personal and business numbers)' } }, async (request) => {
    if (whatsappAccounts.length === 0) throw notFound('WhatsApp sign-in is not configured')
    // Only the numbers whose app signed this delivery are read from it.
    const signedFor = whatsappAccounts.filter((a) => request.rawBody && verifyWhatsappSignature(request.rawBody, request.headers['x-hub-signature-256'], a.appSecret))
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
  })

  /** A Twilio webhook's form parameters, once its X-Twilio-Signature is checked against the public address called. */
  function verifiedTwilioParams(request: FastifyRequest): Record<string, string> {
    const params = (request.body ?? {}) as Record<string, string>
    if (typeof params !== 'object' || Array.isArray(params)) throw invalidSignature()
    // The exact public address Twilio called, with any path prefix of PUBLIC_URL.
    const base = env.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.headers.host}`
    const url = `${base}${request.url}`
    if (!verifyTwilioSignature(env.TWILIO_AUTH_TOKEN!, url, params, request.headers['x-twilio-signature'])) throw invalidSignature()
    return params
  }

  app.post('/api/v6/auth/webhook/sms', { schema: { tags: ['webhooks'], summary: 'Twilio inbound SMS' } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!env.providers.sms) throw notFound('SMS sign-in is not configured')
    const params = verifiedTwilioParams(request)
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

  /**
   * Flash call: Twilio's inbound voice webhook. Every call is rejected unanswered; a call
   * to our number from the number typed for a live code confirms it when that code is the
   * only one bound to the number and never shared it (ADR 0047), unless the carrier's
   * STIR/SHAKEN check failed, which refuses the code (the poll reports CALL_NOT_ATTESTED).
   */
  app.post('/api/v6/auth/webhook/voice', { schema: { tags: ['webhooks'], summary: 'Twilio inbound voice call (flash call sign-in)' } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!env.providers.flashcall) throw notFound('Sign-in by call is not configured')
    const params = verifiedTwilioParams(request)
    reply.type('text/xml')
    const toUs = app.phone.normalize(params.To ?? '')?.e164 === env.TWILIO_VOICE_NUMBER
    const caller = app.phone.normalize(params.From ?? '')
    if (!params.CallSid || !toUs || !caller) return twimlReject
    await onFirstDelivery('voice', params.CallSid, async () => {
      // A call confirms only the one code waiting for its number (ADR 0047); calls from any
      // other number, or for a number that two sign-ins were bound to, confirm nothing.
      const attested = !failedAttestation(params.StirVerstat)
      const outcome = await answerCall(app.db, caller.e164, attested)
      if (outcome === 'refused') request.log.info({ stirVerstat: params.StirVerstat }, 'flash call refused: caller id not attested')
    })
    return twimlReject
  })

  const viber = env.providers.viber ? createViberClient(env.VIBER_API_BASE, env.VIBER_AUTH_TOKEN!, env.VIBER_BOT_NAME) : undefined
  const viberChat = (userId: string) => `viber:${userId}`
  const viberPrompt = (text: string) => sharePhonePrompt(text, 'Share phone number')

  /**
   * Viber bot (PROVIDERS.md section 4). `conversation_started` carries the code as its
   * context: the answer to it is Viber's welcome message, the share-phone prompt (the only
   * message a bot may send before the user subscribes). The contact card counts only from
   * the user who opened the link with the code, and only from the prompt's button: the
   * card has no owner id, so a card forwarded from the address book proves nothing.
   */
  app.post('/api/v6/auth/webhook/viber', { schema: { tags: ['webhooks'], summary: 'Viber bot callbacks' } }, async (request) => {
    if (!env.providers.viber || !viber) throw notFound('Viber sign-in is not configured')
    if (!request.rawBody || !verifyViberSignature(request.rawBody, request.headers['x-viber-content-signature'], env.VIBER_AUTH_TOKEN!)) {
      throw invalidSignature()
    }
    // message_token exceeds 2^53: read from the bytes, not from the rounded parse.
    const callback = readViberCallback(parseJsonKeepingBigInts(request.rawBody.toString('utf8')))
    if (callback.kind === 'webhook' || callback.kind === 'ignore') return {}
    const send = (text: string, prompt = false) =>
      void viber
        .sendMessage(callback.userId, prompt ? viberPrompt(text) : { type: 'text', text })
        .catch((err) => request.log.warn({ err }, 'viber reply failed'))
    const welcome = await onFirstDelivery('viber', callback.token, async () => {
      if (callback.kind === 'start') {
        if (callback.code && (await attachChat(app.db, callback.code, viberChat(callback.userId)))) {
          return viberPrompt('Tap "Share phone number" to confirm your number and sign in.')
        }
        return { type: 'text', text: 'Open the Viber link on the sign-in page to sign in. A code is valid for two minutes.' }
      }
      const code = await codeForChat(app.db, viberChat(callback.userId))
      if (!code) {
        if (callback.kind === 'contact') send('Start sign-in on the website first, then open its Viber link.')
        return undefined
      }
      if (callback.kind === 'message' || !callback.fromButton) {
        send('Share your own number with the button below.', true)
        return undefined
      }
      const e164 = viberPhoneToE164(callback.phone)
      const phone = e164 ? app.phone.normalize(e164) : null
      const result = phone ? await confirmCode(app.db, code, phone.e164, 'viber') : 'unknown'
      send(result === 'confirmed' ? 'You are signed in. Return to the website.' : 'Start sign-in on the website first, then open its Viber link.')
      return undefined
    })
    return welcome ? { sender: { name: env.VIBER_BOT_NAME }, ...welcome } : {}
  })
}
