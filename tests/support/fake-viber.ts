/**
 * A local stand-in for Viber's REST bot API (chatapi.viber.com cannot be reached from
 * here), answering as Viber does: HTTP 200 with a `status` (0 ok, 2 invalidAuthToken,
 * 3 badData, 6 receiverNotSubscribed). Like Viber it refuses messages to a user who has
 * not subscribed (the only message a bot may send them is the welcome message, its
 * answer to `conversation_started`), and keyboards without min_api_version 3.
 * `deliver` posts a callback to the server, signed as Viber signs it.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { sendViberWebhook, viberMessageToken } from './sign-in-webhooks'

export interface ViberSent {
  receiver: string
  sender?: { name?: string }
  type: string
  text?: string
  min_api_version?: number
  keyboard?: { Type: string; Buttons: Array<{ ActionType?: string; ActionBody: string; Text?: string }> }
}

export interface FakeViber {
  url: string
  /** The server callbacks go to (its origin: `deliver` posts to its /api/v6/auth/webhook/viber). */
  serverUrl: string
  /** Every message the bot sent that Viber accepted. */
  sent: ViberSent[]
  to(userId: string): ViberSent[]
  /** Users who may receive messages (sending the bot a message subscribes them). */
  subscribed: Set<string>
  /** Posts a callback to the server, signed with the bot's auth token (and notes it, as below). */
  deliver(rawBody: string): Promise<{ status: number; body: unknown }>
  /** Notes a callback sent another way (app.inject): a user who writes to the bot is subscribed from then on, as in Viber. */
  noteCallback(rawBody: string): void
  close(): Promise<void>
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

export async function startFakeViber(opts: { authToken: string; serverUrl?: string }): Promise<FakeViber> {
  const sent: ViberSent[] = []
  const subscribed = new Set<string>()
  const fake: FakeViber = {
    url: '',
    serverUrl: opts.serverUrl ?? '',
    sent,
    subscribed,
    to: (userId) => sent.filter((m) => m.receiver === userId),
    async deliver(rawBody) {
      fake.noteCallback(rawBody)
      return sendViberWebhook(fake.serverUrl, opts.authToken, rawBody)
    },
    noteCallback(rawBody) {
      const callback = parseOrNull(rawBody) as { event?: string; sender?: { id?: unknown } } | null
      if (callback?.event === 'message' && typeof callback.sender?.id === 'string') subscribed.add(callback.sender.id)
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const answer = (body: Record<string, unknown>) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      // message_token is a bare 64-bit integer in Viber's answers too.
      res.end(JSON.stringify(body).replace('"message_token":"__TOKEN__"', `"message_token":${viberMessageToken()}`))
    }
    if (req.method !== 'POST' || !req.url?.startsWith('/pa/')) {
      res.writeHead(404, { 'content-type': 'text/plain' })
      return res.end('Not found')
    }
    if (req.headers['x-viber-auth-token'] !== opts.authToken) return answer({ status: 2, status_message: 'invalidAuthToken' })
    let body: Record<string, unknown>
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
    } catch {
      return answer({ status: 3, status_message: 'badData' })
    }
    if (req.url === '/pa/send_message') {
      const m = body as unknown as ViberSent
      if (typeof m.receiver !== 'string' || m.type !== 'text' || typeof m.text !== 'string' || !m.text)
        return answer({ status: 3, status_message: 'badData' })
      if (m.keyboard && !((m.min_api_version ?? 1) >= 3))
        return answer({ status: 3, status_message: 'badData: keyboard needs min_api_version 3' })
      if (!subscribed.has(m.receiver)) return answer({ status: 6, status_message: 'receiverNotSubscribed' })
      sent.push(m)
      return answer({ status: 0, status_message: 'ok', message_token: '__TOKEN__', chat_hostname: 'SN-CHAT-11_' })
    }
    if (req.url === '/pa/set_webhook') {
      if (typeof body.url !== 'string') return answer({ status: 3, status_message: 'badData' })
      fake.serverUrl = new URL(body.url).origin
      return answer({
        status: 0,
        status_message: 'ok',
        chat_hostname: 'SN-CHAT-11_',
        event_types: ['delivered', 'seen', 'failed', 'subscribed', 'unsubscribed', 'conversation_started'],
      })
    }
    answer({ status: 3, status_message: `badData: unknown method ${req.url}` })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
