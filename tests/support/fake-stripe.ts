/**
 * A local stand-in for Stripe (it cannot be reached from here), answering the calls the
 * official SDK makes in Stripe's own formats, serving a hosted-checkout page, and
 * sending webhooks signed exactly as Stripe signs them (PROVIDERS.md section 5:
 * `Stripe-Signature: t=…,v1=hex HMAC-SHA256 of "t.body"` keyed with the whsec_ secret).
 */
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

type Obj = Record<string, unknown>

export interface FakeStripe {
  /** The base the SDK is pointed at (STRIPE_API_BASE). */
  url: string
  /** Where webhooks go; set once the app listens. */
  webhookUrl: string
  sessions: Map<string, Obj>
  subscriptions: Map<string, Obj>
  /** Every webhook sent: its event and the app's answer. */
  sent: { event: Obj; status: number; body: unknown }[]
  /** Completes a checkout session as the hosted page's Pay button does; the success URL. */
  pay(sessionId: string): Promise<string>
  /** Signs and sends an event to the app; the app's HTTP status and body. */
  send(type: string, object: Obj, opts?: { id?: string; created?: number }): Promise<{ status: number; body: unknown }>
  /** The signature header Stripe would send for this payload at time t (seconds). */
  sign(payload: string, t?: number): string
  close(): Promise<void>
}

const id = (prefix: string) => `${prefix}_test_${crypto.randomBytes(12).toString('hex')}`
const now = () => Math.floor(Date.now() / 1000)
const PERIOD_SECONDS = { month: 30 * 86_400, year: 365 * 86_400 } as const

/** Stripe's form encoding: `a[b][0][c]=v` into nested objects and arrays. */
function parseForm(body: string): Obj {
  const out: Obj = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter(Boolean)
    let node: Obj = out
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value
      else node = (node[part] ??= /^\d+$/.test(parts[i + 1]) ? [] : {}) as Obj
    })
  }
  return out
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`
}

export async function startFakeStripe(opts: { webhookSecret: string; webhookUrl?: string; periodFor?: (price: string) => 'month' | 'year' }): Promise<FakeStripe> {
  const sessions = new Map<string, Obj>()
  const subscriptions = new Map<string, Obj>()
  const sent: FakeStripe['sent'] = []
  const periodFor = opts.periodFor ?? ((price: string) => (/year/i.test(price) ? 'year' : 'month'))

  const fake: FakeStripe = {
    url: '',
    webhookUrl: opts.webhookUrl ?? '',
    sessions,
    subscriptions,
    sent,
    sign(payload, t = now()) {
      const v1 = crypto.createHmac('sha256', opts.webhookSecret).update(`${t}.${payload}`).digest('hex')
      return `t=${t},v1=${v1}`
    },
    async send(type, object, o = {}) {
      const event = { id: o.id ?? id('evt'), object: 'event', api_version: '2026-10-28.endive', created: o.created ?? now(), livemode: false, type, data: { object } }
      const payload = JSON.stringify(event)
      const res = await fetch(fake.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload) }, body: payload })
      const body = await res.json().catch(() => null)
      sent.push({ event, status: res.status, body })
      return { status: res.status, body }
    },
    async pay(sessionId) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`no checkout session ${sessionId}`)
      if (session.status === 'complete') return String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId)
      const customer = id('cus')
      Object.assign(session, { status: 'complete', payment_status: 'paid', customer })
      const lineItems = (session.line_items as Obj[] | undefined) ?? []
      if (session.mode === 'subscription') {
        const price = String(lineItems[0]?.price)
        const period = periodFor(price)
        const start = now()
        const end = start + PERIOD_SECONDS[period]
        const metadata = ((session.subscription_data as Obj | undefined)?.metadata as Obj | undefined) ?? {}
        const sub: Obj = {
          id: id('sub'),
          object: 'subscription',
          customer,
          status: 'active',
          cancel_at_period_end: false,
          ended_at: null,
          metadata,
          items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', price: { id: price }, current_period_start: start, current_period_end: end }] },
        }
        subscriptions.set(String(sub.id), sub)
        session.subscription = sub.id
        await fake.send('checkout.session.completed', session)
        await fake.send('invoice.paid', invoiceFor(sub, start, end))
      } else {
        session.payment_intent = id('pi')
        await fake.send('checkout.session.completed', session)
      }
      return String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId)
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }

  function invoiceFor(sub: Obj, start: number, end: number): Obj {
    return {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status: 'paid',
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: { object: 'list', data: [{ id: id('il'), object: 'line_item', period: { start, end } }] },
    }
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', fake.url)
    const json = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
      res.end(JSON.stringify(data))
    }
    const stripeError = (status: number, message: string) => json(status, { error: { type: 'invalid_request_error', message } })
    if (url.pathname.startsWith('/v1/') && !/^Bearer sk_test_/.test(req.headers.authorization ?? '')) return stripeError(401, 'Invalid API Key provided')

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const p = parseForm(body)
      if (!p.mode || !p.success_url || !Array.isArray(p.line_items)) return stripeError(400, 'Missing required param: mode, success_url or line_items.')
      const session: Obj = {
        id: id('cs'),
        object: 'checkout.session',
        mode: p.mode,
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: p.client_reference_id ?? null,
        metadata: p.metadata ?? {},
        subscription_data: p.subscription_data ?? null,
        line_items: p.line_items,
        success_url: p.success_url,
        cancel_url: p.cancel_url ?? null,
        customer: null,
        subscription: null,
        payment_intent: null,
      }
      session.url = `${fake.url}/checkout/${session.id}`
      sessions.set(String(session.id), session)
      const { subscription_data: _s, line_items: _l, ...visible } = session
      return json(200, visible)
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const p = parseForm(body)
      return json(200, { id: id('bps'), object: 'billing_portal.session', customer: p.customer, return_url: p.return_url, url: `${fake.url}/portal/${p.customer}` })
    }
    const subMatch = /^\/v1\/subscriptions\/([\w]+)$/.exec(url.pathname)
    if (subMatch) {
      const sub = subscriptions.get(subMatch[1])
      if (!sub) return stripeError(404, `No such subscription: '${subMatch[1]}'`)
      if (req.method === 'POST') {
        const p = parseForm(body)
        if (p.cancel_at_period_end !== undefined) sub.cancel_at_period_end = p.cancel_at_period_end === 'true'
        json(200, sub)
        await fake.send('customer.subscription.updated', { ...sub })
        return
      }
      return json(200, sub)
    }
    const checkout = /^\/checkout\/([\w]+)(\/pay)?$/.exec(url.pathname)
    if (checkout) {
      const session = sessions.get(checkout[1])
      if (!session) {
        res.writeHead(404, { 'content-type': 'text/html' })
        return res.end(page('Not found', ''))
      }
      if (req.method === 'POST' && checkout[2]) {
        const back = await fake.pay(checkout[1])
        res.writeHead(303, { location: back })
        return res.end()
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return res.end(page('Test checkout (local Stripe stand-in)', `<p>${String(session.mode)}: ${(session.line_items as Obj[]).map((l) => String(l.price ?? 'one-time')).join(', ')}</p><form method="post" action="/checkout/${checkout[1]}/pay"><button type="submit">Pay</button></form><p><a href="${String(session.cancel_url)}">Cancel</a></p>`))
    }
    if (url.pathname.startsWith('/portal/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return res.end(page('Billing portal (local Stripe stand-in)', ''))
    }
    stripeError(404, `Unrecognized request URL (${req.method}: ${url.pathname})`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
