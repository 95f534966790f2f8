/**
 * Provider callbacks of sign-in in the providers' own formats, signed as the providers
 * sign them (PROVIDERS.md sections 3 and 4), written independently of the server's code.
 * Server tests post them with `app.inject`; the browser tests send them to a running
 * server with `sendViberWebhook` and `sendTwilioVoiceWebhook`.
 */
import crypto from 'node:crypto'

/** What the browser tests' server (tests/e2e/server.ts) configures Viber and flash call with. */
export const E2E_SIGN_IN = {
  viberAuthToken: 'e2e-viber-auth-token',
  viberBotUri: 'callerid_e2e',
  twilioAuthToken: 'e2e-twilio-auth-token',
  /** The number the flash call page shows. */
  voiceNumber: '+14155550109',
} as const

/** X-Viber-Content-Signature: hex HMAC-SHA256 of the exact body, keyed with the bot's auth token. */
export function viberSignature(rawBody: string, authToken: string): string {
  return crypto.createHmac('sha256', authToken).update(rawBody, 'utf8').digest('hex')
}

/** A fresh message_token: 19 digits, above 2^53 as Viber's are, so JSON.parse would round it. */
export function viberMessageToken(): string {
  return `5${crypto.randomInt(10 ** 8, 10 ** 9)}${crypto.randomInt(10 ** 8, 10 ** 9)}`
}

/** A Viber user id as Viber writes them: 24 base64 characters ending with `==`. */
export function viberUserId(): string {
  return crypto.randomBytes(16).toString('base64')
}

/*
 * Callbacks are built as text, not with JSON.stringify: message_token is written as a
 * bare 64-bit integer, exactly as Viber sends it.
 */
const now = () => Date.now()

/** `conversation_started`: the user opened `viber://pa?chatURI=<bot>&context=<context>`. */
export function viberConversationStarted(
  userId: string,
  context: string,
  opts: { token?: string; subscribed?: boolean; name?: string } = {},
): string {
  return (
    `{"event":"conversation_started","timestamp":${now()},"chat_hostname":"SN-CHAT-11_","message_token":${opts.token ?? viberMessageToken()},` +
    `"type":"open","context":${JSON.stringify(context)},"user":{"id":${JSON.stringify(userId)},"name":${JSON.stringify(opts.name ?? 'Ann')},` +
    `"avatar":"https://media-direct.cdn.viber.com/download_photo?dlid=x","language":"en","country":"UA","api_version":10},"subscribed":${opts.subscribed ?? false}}`
  )
}

/**
 * A contact message. By default it answers the share-phone button: `text` is the button's
 * ActionBody ("phone"). `viaButton: false` is a card shared from the address book (no text).
 */
export function viberContact(
  userId: string,
  phoneNumber: string,
  opts: { token?: string; viaButton?: boolean; name?: string } = {},
): string {
  const text = opts.viaButton === false ? '' : '"text":"phone",'
  return (
    `{"event":"message","timestamp":${now()},"chat_hostname":"SN-CHAT-11_","message_token":${opts.token ?? viberMessageToken()},` +
    `"sender":{"id":${JSON.stringify(userId)},"name":${JSON.stringify(opts.name ?? 'Ann')},"language":"en","country":"UA","api_version":10},` +
    `"message":{"type":"contact",${text}"contact":{"name":${JSON.stringify(opts.name ?? 'Ann')},"phone_number":${JSON.stringify(phoneNumber)}}},"silent":false}`
  )
}

/** A text message from a user. */
export function viberText(userId: string, text: string, opts: { token?: string } = {}): string {
  return (
    `{"event":"message","timestamp":${now()},"chat_hostname":"SN-CHAT-11_","message_token":${opts.token ?? viberMessageToken()},` +
    `"sender":{"id":${JSON.stringify(userId)},"name":"Ann","language":"en","country":"UA","api_version":10},` +
    `"message":{"type":"text","text":${JSON.stringify(text)}},"silent":false}`
  )
}

/** POSTs a Viber callback to a running server's webhook, signed with the bot's auth token. */
export async function sendViberWebhook(serverUrl: string, authToken: string, rawBody: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${serverUrl.replace(/\/$/, '')}/api/v6/auth/webhook/viber`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-viber-content-signature': viberSignature(rawBody, authToken) },
    body: rawBody,
  })
  return { status: res.status, body: await res.json().catch(() => null) }
}

/** X-Twilio-Signature: base64 HMAC-SHA1 of the URL followed by every parameter as name+value, sorted by name. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((k) => k + params[k])
      .join('')
  return crypto.createHmac('sha1', authToken).update(data, 'utf8').digest('base64')
}

/**
 * The form Twilio posts for an inbound call (Direction inbound, CallStatus ringing).
 * `stirVerstat` is Twilio's STIR/SHAKEN result; omitted, the call carries none.
 */
export function twilioVoiceParams(from: string, to: string, opts: { callSid?: string; stirVerstat?: string } = {}): Record<string, string> {
  const callSid = opts.callSid ?? `CA${crypto.randomBytes(16).toString('hex')}`
  return {
    AccountSid: 'AC0123456789abcdef0123456789abcdef',
    ApiVersion: '2010-04-01',
    CallSid: callSid,
    CallStatus: 'ringing',
    CallToken: `%7B%22parentCallInfoToken%22%3A%22${callSid}%22%7D`,
    Called: to,
    CalledCountry: 'US',
    Caller: from,
    CallerCountry: 'US',
    Direction: 'inbound',
    From: from,
    FromCountry: 'US',
    To: to,
    ToCountry: 'US',
    ...(opts.stirVerstat === undefined ? {} : { StirVerstat: opts.stirVerstat, StirPassportToken: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln' }),
  }
}

/**
 * POSTs an inbound-call webhook to a running server, signed for `publicUrl` (the server's
 * PUBLIC_URL when it has one, else the address called). The body is Twilio's TwiML.
 */
export async function sendTwilioVoiceWebhook(
  serverUrl: string,
  authToken: string,
  params: Record<string, string>,
  opts: { publicUrl?: string } = {},
): Promise<{ status: number; contentType: string | null; body: string }> {
  const path = '/api/v6/auth/webhook/voice'
  const signedUrl = `${(opts.publicUrl ?? serverUrl).replace(/\/$/, '')}${path}`
  const res = await fetch(`${serverUrl.replace(/\/$/, '')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(authToken, signedUrl, params) },
    body: new URLSearchParams(params).toString(),
  })
  return { status: res.status, contentType: res.headers.get('content-type'), body: await res.text() }
}
