import type { FastifyInstance } from 'fastify'
import { notFound } from '../../../errors'
import {
  createViberClient,
  parseJsonKeepingBigInts,
  readViberCallback,
  sharePhonePrompt,
  verifyViberSignature,
  viberPhoneToE164,
} from '../../../providers/viber'
import { attachChat, codeForChat, confirmCode } from '../code-repository'
import type { WebhookKit } from './kit'

/** Viber bot callbacks (PROVIDERS.md section 4): the conversation opened with a code, then the shared phone number. */
export function viberWebhook(app: FastifyInstance, { onFirstDelivery, invalidSignature }: WebhookKit) {
  const { env } = app
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
      send(
        result === 'confirmed'
          ? 'You are signed in. Return to the website.'
          : 'Start sign-in on the website first, then open its Viber link.',
      )
      return undefined
    })
    return welcome ? { sender: { name: env.VIBER_BOT_NAME }, ...welcome } : {}
  })
}
