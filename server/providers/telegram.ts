import crypto from 'node:crypto'

/** Telegram Bot API webhook: secret-token header check and the two updates of sign-in. */
export function verifyTelegramSecret(header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string') return false
  const a = Buffer.from(header)
  const b = Buffer.from(secret)
  return a.length === b.length && crypto.timingSafeEqual(a, b)
}

export interface TelegramUpdate {
  update_id: number
  message?: {
    message_id: number
    from?: { id: number; first_name?: string }
    chat: { id: number; type: string }
    text?: string
    contact?: { phone_number: string; first_name?: string; user_id?: number }
  }
}

export type TelegramIntent =
  | { kind: 'start'; chatId: string; code: string }
  | { kind: 'contact'; chatId: string; phone: string }
  | { kind: 'foreign-contact'; chatId: string }
  | { kind: 'ignore' }

export function readTelegramUpdate(update: TelegramUpdate): TelegramIntent {
  const m = update?.message
  if (!m || typeof m !== 'object' || m.chat?.type !== 'private' || !Number.isSafeInteger(m.chat.id)) return { kind: 'ignore' }
  const chatId = String(m.chat.id)
  const start = /^\/start\s+(?:lgn_)?(\d{6})$/.exec(typeof m.text === 'string' ? m.text.trim() : '')
  if (start) return { kind: 'start', chatId, code: start[1] }
  if (m.contact && typeof m.contact === 'object') {
    // Only the sender's own contact proves the number; a forwarded card has another user_id or none.
    if (!m.from || typeof m.contact.user_id !== 'number' || m.contact.user_id !== m.from.id) return { kind: 'foreign-contact', chatId }
    if (typeof m.contact.phone_number !== 'string') return { kind: 'foreign-contact', chatId }
    const digits = m.contact.phone_number.replace(/\D/g, '')
    return { kind: 'contact', chatId, phone: `+${digits}` }
  }
  return { kind: 'ignore' }
}

export interface TelegramClient {
  sendMessage(chatId: string, text: string, replyMarkup?: unknown): Promise<void>
}

export function createTelegramClient(apiBase: string, botToken: string): TelegramClient {
  return {
    async sendMessage(chatId, text, replyMarkup) {
      const res = await fetch(`${apiBase.replace(/\/$/, '')}/bot${botToken}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: Number(chatId), text, reply_markup: replyMarkup }),
        signal: AbortSignal.timeout(5000),
      })
      if (!res.ok) throw new Error(`Telegram sendMessage answered ${res.status}`)
    },
  }
}

export const shareContactKeyboard = {
  keyboard: [[{ text: 'Share phone', request_contact: true }]],
  resize_keyboard: true,
  one_time_keyboard: true,
}
