import type { FastifyInstance } from 'fastify'
import { ERROR_CODES } from '../../../../contract/errors'
import { AppError } from '../../../errors'
import { confirmCode } from '../code-repository'
import { claimEvent, forgetEvent } from './delivery-repository'

const CODE_IN_TEXT = /(?:^|\D)(\d{6})(?:\D|$)/

/** What every provider's webhook shares: the signature error, one run per delivery, and reading a code out of a message. */
export interface WebhookKit {
  invalidSignature(): AppError
  /**
   * Runs `work` for the first delivery of a provider event only. When the work fails
   * the event is forgotten again, so the provider's retry is processed.
   */
  onFirstDelivery<T>(provider: string, eventId: string, work: () => Promise<T>): Promise<T | undefined>
  /** Confirms the sign-in code a message carries for the number that sent it; after 10 wrong codes in 10 minutes the number's messages are ignored. */
  confirmFromMessage(phone: string, text: string, via: string): Promise<string>
}

export function webhookKit(app: FastifyInstance): WebhookKit {
  return {
    invalidSignature: () => new AppError(401, ERROR_CODES.WEBHOOK_SIGNATURE_INVALID, 'Webhook signature is missing or invalid'),
    async onFirstDelivery(provider, eventId, work) {
      if (!(await claimEvent(app.db, provider, eventId))) return undefined
      try {
        return await work()
      } catch (err) {
        await forgetEvent(app.db, provider, eventId)
        throw err
      }
    },
    async confirmFromMessage(phone, text, via) {
      const code = CODE_IN_TEXT.exec(text)?.[1]
      if (!code || (await app.store.get(`wrong-phone:${phone}`)) >= 10) return 'ignored'
      const result = await confirmCode(app.db, code, phone, via)
      if (result === 'unknown') await app.store.increment(`wrong-phone:${phone}`, 600)
      return result
    },
  }
}
