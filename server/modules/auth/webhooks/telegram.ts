import type { FastifyInstance } from 'fastify'
import { ERROR_CODES } from '../../../../contract/errors'
import { AppError, notFound } from '../../../errors'
import {
  createTelegramClient,
  readTelegramUpdate,
  shareContactKeyboard,
  verifyTelegramSecret,
  type TelegramClient,
  type TelegramUpdate,
} from '../../../providers/telegram'
import { attachChat, codeForChat, confirmCode } from '../code-repository'
import type { WebhookKit } from './kit'

/** Telegram bot updates (PROVIDERS.md): `/start <code>` binds the chat, the shared contact confirms the number. */
export function telegramWebhook(app: FastifyInstance, { onFirstDelivery, invalidSignature }: WebhookKit, client?: TelegramClient) {
  const { env } = app
  const telegram = client ?? (env.providers.telegram ? createTelegramClient(env.TELEGRAM_API_BASE, env.TELEGRAM_BOT_TOKEN!) : undefined)

  app.post('/api/v6/auth/webhook/telegram', { schema: { tags: ['webhooks'], summary: 'Telegram bot updates' } }, async (request) => {
    if (!env.providers.telegram || !telegram) throw notFound('Telegram sign-in is not configured')
    if (!verifyTelegramSecret(request.headers['x-telegram-bot-api-secret-token'], env.TELEGRAM_WEBHOOK_SECRET!)) throw invalidSignature()
    const update = request.body as TelegramUpdate
    if (!update || typeof update.update_id !== 'number') throw new AppError(400, ERROR_CODES.VALIDATION, 'Not a Telegram update')
    const intent = readTelegramUpdate(update)
    // Replies go out after we answer: Telegram wants its 2xx fast.
    const reply = (text: string, markup?: unknown) =>
      void telegram
        .sendMessage((intent as { chatId: string }).chatId, text, markup)
        .catch((err) => request.log.warn({ err }, 'telegram reply failed'))
    await onFirstDelivery('telegram', String(update.update_id), async () => {
      if (intent.kind === 'start') {
        if (await attachChat(app.db, intent.code, intent.chatId))
          reply('Tap "Share phone" to confirm your number and sign in.', shareContactKeyboard)
        else reply('This sign-in code has expired. Start again on the website.')
      } else if (intent.kind === 'contact') {
        const code = await codeForChat(app.db, intent.chatId)
        const phone = app.phone.normalize(intent.phone)
        const result = code && phone ? await confirmCode(app.db, code, phone.e164, 'telegram') : 'unknown'
        reply(result === 'confirmed' ? 'You are signed in. Return to the website.' : 'Start sign-in on the website first.', {
          remove_keyboard: true,
        })
      } else if (intent.kind === 'foreign-contact') {
        reply('Share your own number with the button below.', shareContactKeyboard)
      }
    })
    return { ok: true }
  })
}
