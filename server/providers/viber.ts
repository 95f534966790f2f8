import crypto from 'node:crypto'

/**
 * Viber REST bot API (PROVIDERS.md section 4): the signature of callbacks, reading the
 * two callbacks of sign-in, and send_message.
 */

/** X-Viber-Content-Signature: hex HMAC-SHA256 of the raw body keyed with the bot's auth token, no prefix. */
export function verifyViberSignature(raw: Buffer, header: string | string[] | undefined, authToken: string): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/i.test(header)) return false
  const given = Buffer.from(header, 'hex')
  const expected = crypto.createHmac('sha256', authToken).update(raw).digest()
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}

/**
 * JSON.parse, except that integers beyond 2^53 (Viber's `message_token`) come back as
 * their exact digits in a string instead of a rounded number. Integer literals outside
 * strings are quoted before parsing; everything else is left as it is.
 */
export function parseJsonKeepingBigInts(text: string): unknown {
  let out = ''
  let last = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '"') {
      // Skip the string, escapes included.
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400))
      if (!m) continue
      if (!m[1] && !m[2] && !Number.isSafeInteger(Number(m[0]))) {
        out += `${text.slice(last, i)}"${m[0]}"`
        last = i + m[0].length
      }
      i += m[0].length - 1
    }
  }
  return JSON.parse(out + text.slice(last))
}

/** The ActionBody of the share-phone button: Viber sends it back as the contact message's `text`. */
export const SHARE_PHONE_ACTION = 'phone'

export type ViberCallback =
  /** Viber's check of the webhook address (set_webhook). */
  | { kind: 'webhook' }
  /** The user opened `viber://pa?chatURI=…&context=<code>`; `code` is null when the context is not one. */
  | { kind: 'start'; token: string; userId: string; code: string | null }
  /** A contact card; `fromButton` when it answers our share-phone button. */
  | { kind: 'contact'; token: string; userId: string; phone: string; fromButton: boolean }
  /** Any other message from a user. */
  | { kind: 'message'; token: string; userId: string }
  | { kind: 'ignore' }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const userIdOf = (v: unknown): string | null =>
  isObject(v) && typeof v.id === 'string' && v.id.length > 0 && v.id.length <= 128 ? v.id : null

/** Reads a callback parsed with parseJsonKeepingBigInts; the shape is checked, never trusted. */
export function readViberCallback(payload: unknown): ViberCallback {
  if (!isObject(payload)) return { kind: 'ignore' }
  if (payload.event === 'webhook') return { kind: 'webhook' }
  const raw = payload.message_token
  const token =
    typeof raw === 'string' && /^\d{1,20}$/.test(raw)
      ? raw
      : typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0
        ? String(raw)
        : null
  if (!token) return { kind: 'ignore' }
  if (payload.event === 'conversation_started') {
    const userId = userIdOf(payload.user)
    if (!userId) return { kind: 'ignore' }
    const context = typeof payload.context === 'string' ? /^(?:lgn_)?(\d{6})$/.exec(payload.context) : null
    return { kind: 'start', token, userId, code: context?.[1] ?? null }
  }
  if (payload.event !== 'message') return { kind: 'ignore' }
  const userId = userIdOf(payload.sender)
  const message = payload.message
  if (!userId || !isObject(message)) return { kind: 'ignore' }
  if (message.type === 'contact' && isObject(message.contact) && typeof message.contact.phone_number === 'string') {
    return { kind: 'contact', token, userId, phone: message.contact.phone_number, fromButton: message.text === SHARE_PHONE_ACTION }
  }
  return { kind: 'message', token, userId }
}

/**
 * The phone format of a Viber contact is undocumented: digits with or without `+`, maybe
 * spaces or dashes, maybe the 00 international prefix. Returns `+digits`, or null.
 */
export function viberPhoneToE164(phone: string): string | null {
  const digits = phone.replace(/\D/g, '').replace(/^00/, '')
  return digits.length >= 6 && digits.length <= 15 ? `+${digits}` : null
}

export interface ViberMessage {
  type: 'text'
  text: string
  min_api_version?: number
  keyboard?: unknown
}

/** The prompt whose button shares the user's own verified number (keyboards need min_api_version 3). */
export function sharePhonePrompt(text: string, buttonText: string): ViberMessage {
  return {
    type: 'text',
    text,
    min_api_version: 3,
    keyboard: {
      Type: 'keyboard',
      DefaultHeight: false,
      Buttons: [{ ActionType: 'share-phone', ActionBody: SHARE_PHONE_ACTION, Text: buttonText }],
    },
  }
}

export interface ViberClient {
  sendMessage(receiver: string, message: ViberMessage): Promise<void>
}

export function createViberClient(apiBase: string, authToken: string, senderName: string): ViberClient {
  return {
    async sendMessage(receiver, message) {
      const res = await fetch(`${apiBase.replace(/\/$/, '')}/pa/send_message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-viber-auth-token': authToken },
        body: JSON.stringify({ receiver, sender: { name: senderName }, ...message }),
        signal: AbortSignal.timeout(5000),
      })
      // Viber answers 200 with a non-zero status when it refuses a message.
      const body = (await res.json().catch(() => null)) as { status?: number; status_message?: string } | null
      if (!res.ok || body?.status !== 0) throw new Error(`Viber send_message answered ${res.status} ${body?.status_message ?? ''}`)
    },
  }
}
