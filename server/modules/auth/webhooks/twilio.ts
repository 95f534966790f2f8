import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { notFound } from '../../../errors'
import { failedAttestation, twiml, twimlReject, verifyTwilioSignature } from '../../../providers/twilio'
import { answerCall } from '../code-repository'
import type { WebhookKit } from './kit'

/** Twilio (PROVIDERS.md): inbound SMS carrying a sign-in code, and the inbound call of a flash-call sign-in. */
export function twilioWebhooks(app: FastifyInstance, { onFirstDelivery, invalidSignature, confirmFromMessage }: WebhookKit) {
  const { env } = app

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

  app.post(
    '/api/v6/auth/webhook/sms',
    { schema: { tags: ['webhooks'], summary: 'Twilio inbound SMS' } },
    async (request: FastifyRequest, reply: FastifyReply) => {
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
    },
  )

  /**
   * Flash call: Twilio's inbound voice webhook. Every call is rejected unanswered; a call
   * to our number from the number typed for a live code confirms it when that code is the
   * only one bound to the number and never shared it (ADR 0047), unless the carrier's
   * STIR/SHAKEN check failed, which refuses the code (the poll reports CALL_NOT_ATTESTED).
   */
  app.post(
    '/api/v6/auth/webhook/voice',
    { schema: { tags: ['webhooks'], summary: 'Twilio inbound voice call (flash call sign-in)' } },
    async (request: FastifyRequest, reply: FastifyReply) => {
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
    },
  )
}
