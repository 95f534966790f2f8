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
  /** Subscription schedules (`sub_sched_…`): a downgrade waiting for the period's end. */
  schedules: Map<string, Obj>
  /** Every invoice sent as paid (a period's, or an upgrade's prorated difference). */
  invoices: Obj[]
  /** Every webhook sent: its event and the app's answer. */
  sent: { event: Obj; status: number; body: unknown }[]
  /** While set, webhooks wait in `held` instead of going out: Stripe's deliveries can come late and in any order. */
  holding: boolean
  /** The webhooks held, oldest first; `deliver` sends one (its `sent` entry and answer as `send`'s). */
  held: { event: Obj; deliver(): Promise<{ status: number; body: unknown }> }[]
  /** Completes a checkout session as the hosted page's Pay button does; the success URL. */
  pay(sessionId: string): Promise<string>
  /** Signs and sends an event to the app; the app's HTTP status and body. */
  send(type: string, object: Obj, opts?: { id?: string; created?: number }): Promise<{ status: number; body: unknown }>
  /**
   * The period's end as Stripe plays it: the next period starts (a schedule's next phase sets
   * its price and metadata first), customer.subscription.updated and invoice.paid are sent.
   */
  renew(subscriptionId: string): Promise<void>
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

export async function startFakeStripe(opts: {
  webhookSecret: string
  webhookUrl?: string
  periodFor?: (price: string) => 'month' | 'year'
  /** Unit amounts (cents) of the prices, for prorations; unknown prices cost 0. */
  amounts?: Record<string, number>
}): Promise<FakeStripe> {
  const sessions = new Map<string, Obj>()
  const subscriptions = new Map<string, Obj>()
  const schedules = new Map<string, Obj>()
  const invoices: Obj[] = []
  const sent: FakeStripe['sent'] = []
  const amountOf = (price: string) => opts.amounts?.[price] ?? 0
  const periodFor = opts.periodFor ?? ((price: string) => (/year/i.test(price) ? 'year' : 'month'))

  const fake: FakeStripe = {
    url: '',
    webhookUrl: opts.webhookUrl ?? '',
    sessions,
    subscriptions,
    schedules,
    invoices,
    sent,
    holding: false,
    held: [],
    sign(payload, t = now()) {
      const v1 = crypto.createHmac('sha256', opts.webhookSecret).update(`${t}.${payload}`).digest('hex')
      return `t=${t},v1=${v1}`
    },
    async send(type, object, o = {}) {
      const event = {
        id: o.id ?? id('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: o.created ?? now(),
        livemode: false,
        type,
        data: { object },
      }
      const deliver = async () => {
        const payload = JSON.stringify(event)
        const res = await fetch(fake.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload) },
          body: payload,
        })
        const body = await res.json().catch(() => null)
        sent.push({ event, status: res.status, body })
        return { status: res.status, body }
      }
      if (!fake.holding) return deliver()
      // The sender (an API call's follow-up, or a test) waits until the webhook is delivered.
      return new Promise((resolve, reject) =>
        fake.held.push({
          event,
          deliver() {
            const answer = deliver()
            answer.then(resolve, reject)
            return answer
          },
        }),
      )
    },
    async pay(sessionId) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`no checkout session ${sessionId}`)
      if (session.status === 'complete') return String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId)
      if (session.status === 'expired') throw new Error(`checkout session ${sessionId} has expired and cannot be paid`)
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
          schedule: null,
          metadata,
          items: {
            object: 'list',
            data: [
              { id: id('si'), object: 'subscription_item', price: { id: price }, current_period_start: start, current_period_end: end },
            ],
          },
        }
        subscriptions.set(String(sub.id), sub)
        session.subscription = sub.id
        await fake.send('checkout.session.completed', session)
        await fake.send('invoice.paid', invoiceFor(sub, [{ start, end, amount: amountOf(price), proration: false }]))
      } else {
        session.payment_intent = id('pi')
        await fake.send('checkout.session.completed', session)
      }
      return String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId)
    },
    async renew(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)
      if (!sub) throw new Error(`no subscription ${subscriptionId}`)
      const item = itemOf(sub)
      const start = Number(item.current_period_end)
      const schedule = sub.schedule ? schedules.get(String(sub.schedule)) : undefined
      const phases = (schedule?.phases as Obj[] | undefined) ?? []
      const next = schedule && schedule.status === 'active' ? phases.find((ph) => Number(ph.start_date) === start) : undefined
      if (next) {
        // The schedule's next phase begins: its price, and its metadata in place of the subscription's.
        item.price = { id: String(((next.items as Obj[])[0] ?? {}).price) }
        sub.metadata = { ...((next.metadata as Obj | undefined) ?? {}) }
        schedule!.current_phase = { start_date: next.start_date, end_date: next.end_date }
      } else if (schedule && schedule.status === 'active') {
        // Past the last phase: the schedule lets go (end_behavior release).
        Object.assign(schedule, { status: 'released', released_subscription: sub.id, current_phase: null })
        sub.schedule = null
      }
      const price = String((item.price as Obj).id)
      const end = start + PERIOD_SECONDS[periodFor(price)]
      Object.assign(item, { current_period_start: start, current_period_end: end })
      await fake.send('customer.subscription.updated', { ...sub })
      await fake.send('invoice.paid', invoiceFor(sub, [{ start, end, amount: amountOf(price), proration: false }]))
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }

  const itemOf = (sub: Obj) => ((sub.items as Obj).data as Obj[])[0]

  function invoiceFor(sub: Obj, lines: { start: number; end: number; amount: number; proration: boolean }[]): Obj {
    const invoice = {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status: 'paid',
      amount_paid: lines.reduce((sum, l) => sum + l.amount, 0),
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: { ...(sub.metadata as Obj) } } },
      lines: {
        object: 'list',
        data: lines.map((l) => ({
          id: id('il'),
          object: 'line_item',
          amount: l.amount,
          period: { start: l.start, end: l.end },
          parent: { subscription_item_details: { proration: l.proration } },
        })),
      },
    }
    invoices.push(invoice)
    return invoice
  }

  /** An update of a subscription as Stripe does it: metadata merged, the price changed with prorations. */
  async function updateSubscription(sub: Obj, p: Obj, respond: (status: number, data: unknown) => void) {
    if (p.cancel_at_period_end !== undefined && sub.schedule) {
      return respond(400, {
        error: {
          type: 'invalid_request_error',
          message: `The subscription is managed by the subscription schedule \`${String(sub.schedule)}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
        },
      })
    }
    if (p.cancel_at_period_end !== undefined) sub.cancel_at_period_end = p.cancel_at_period_end === 'true'
    if (p.metadata)
      sub.metadata = Object.fromEntries(Object.entries({ ...(sub.metadata as Obj), ...(p.metadata as Obj) }).filter(([, v]) => v !== ''))
    const items = p.items as Obj[] | undefined
    let proration: { start: number; end: number; amount: number }[] = []
    if (items?.[0]?.price) {
      const item = itemOf(sub)
      const oldPrice = String((item.price as Obj).id)
      const newPrice = String(items[0].price)
      const t = now()
      const start = Number(item.current_period_start)
      const end = Number(item.current_period_end)
      item.price = { id: newPrice }
      if (periodFor(newPrice) !== periodFor(oldPrice)) {
        // Another interval: the billing anchor resets now; unused time of the old price is credited.
        const unused = Math.round((amountOf(oldPrice) * (end - t)) / (end - start))
        Object.assign(item, { current_period_start: t, current_period_end: t + PERIOD_SECONDS[periodFor(newPrice)] })
        proration = [
          { start: t, end, amount: -unused },
          { start: t, end: t + PERIOD_SECONDS[periodFor(newPrice)], amount: amountOf(newPrice) },
        ]
      } else if (p.proration_behavior !== 'none') {
        const left = (end - t) / (end - start)
        proration = [
          { start: t, end, amount: -Math.round(amountOf(oldPrice) * left) },
          { start: t, end, amount: Math.round(amountOf(newPrice) * left) },
        ]
      }
    }
    // always_invoice: the prorated difference is invoiced and paid at once (its events follow the answer, as Stripe's do).
    const invoice =
      proration.length && p.proration_behavior === 'always_invoice'
        ? invoiceFor(
            sub,
            proration.map((l) => ({ ...l, proration: true })),
          )
        : null
    respond(200, sub)
    await fake.send('customer.subscription.updated', { ...sub })
    if (invoice) await fake.send('invoice.paid', invoice)
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
    if (url.pathname.startsWith('/v1/') && !/^Bearer sk_test_/.test(req.headers.authorization ?? ''))
      return stripeError(401, 'Invalid API Key provided')

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const p = parseForm(body)
      if (!p.mode || !p.success_url || !Array.isArray(p.line_items))
        return stripeError(400, 'Missing required param: mode, success_url or line_items.')
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
      return json(200, {
        id: id('bps'),
        object: 'billing_portal.session',
        customer: p.customer,
        return_url: p.return_url,
        url: `${fake.url}/portal/${p.customer}`,
      })
    }
    const subMatch = /^\/v1\/subscriptions\/([\w]+)$/.exec(url.pathname)
    if (subMatch) {
      const sub = subscriptions.get(subMatch[1])
      if (!sub) return stripeError(404, `No such subscription: '${subMatch[1]}'`)
      if (req.method === 'POST') return updateSubscription(sub, parseForm(body), json)
      return json(200, sub)
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(url.pathname)
    if (sessionMatch) {
      const session = sessions.get(sessionMatch[1])
      if (!session) return stripeError(404, `No such checkout.session: '${sessionMatch[1]}'`)
      const { subscription_data: _s, line_items: _l, ...visible } = session
      if (req.method === 'POST' && sessionMatch[2]) {
        if (session.status !== 'open')
          return stripeError(
            400,
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
          )
        session.status = 'expired'
        return json(200, { ...visible, status: 'expired' })
      }
      return json(200, visible)
    }
    if (req.method === 'POST' && url.pathname === '/v1/subscription_schedules') {
      const p = parseForm(body)
      const sub = subscriptions.get(String(p.from_subscription))
      if (!sub) return stripeError(400, `No such subscription: '${String(p.from_subscription)}'`)
      if (sub.schedule)
        return stripeError(400, `You cannot migrate a subscription that is already attached to a schedule: \`${String(sub.schedule)}\`.`)
      const item = itemOf(sub)
      const phase = {
        start_date: item.current_period_start,
        end_date: item.current_period_end,
        items: [{ price: (item.price as Obj).id, quantity: 1 }],
        metadata: { ...(sub.metadata as Obj) },
      }
      const schedule: Obj = {
        id: id('sub_sched'),
        object: 'subscription_schedule',
        subscription: sub.id,
        status: 'active',
        end_behavior: 'release',
        current_phase: { start_date: phase.start_date, end_date: phase.end_date },
        phases: [phase],
      }
      schedules.set(String(schedule.id), schedule)
      sub.schedule = schedule.id
      json(200, schedule)
      await fake.send('customer.subscription.updated', { ...sub })
      return
    }
    const scheduleMatch = /^\/v1\/subscription_schedules\/([\w]+)(\/release)?$/.exec(url.pathname)
    if (scheduleMatch) {
      const schedule = schedules.get(scheduleMatch[1])
      if (!schedule) return stripeError(404, `No such subscription_schedule: '${scheduleMatch[1]}'`)
      if (req.method !== 'POST') return json(200, schedule)
      const sub = subscriptions.get(String(schedule.subscription))!
      if (schedule.status !== 'active' && schedule.status !== 'not_started')
        return stripeError(400, `You cannot update a subscription schedule that is currently in the \`${String(schedule.status)}\` status.`)
      if (scheduleMatch[2]) {
        Object.assign(schedule, { status: 'released', released_subscription: sub.id, current_phase: null })
        sub.schedule = null
        json(200, schedule)
        await fake.send('customer.subscription.updated', { ...sub })
        return
      }
      const p = parseForm(body)
      const phases = ((p.phases as Obj[] | undefined) ?? []).map((ph) => ({ ...ph }))
      if (!phases.length) return stripeError(400, 'Missing required param: phases.')
      // Each phase starts where the one before ends; one without an end lasts its duration (one interval).
      phases.forEach((ph, i) => {
        if (i > 0) ph.start_date = phases[i - 1].end_date
        ph.start_date = Number(ph.start_date)
        if (ph.end_date === undefined)
          ph.end_date =
            Number(ph.start_date) + PERIOD_SECONDS[((ph.duration as Obj | undefined)?.interval as 'month' | 'year' | undefined) ?? 'month']
        ph.end_date = Number(ph.end_date)
      })
      Object.assign(schedule, { phases, end_behavior: p.end_behavior ?? schedule.end_behavior })
      return json(200, schedule)
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
      return res.end(
        page(
          'Test checkout (local Stripe stand-in)',
          `<p>${String(session.mode)}: ${(session.line_items as Obj[]).map((l) => String(l.price ?? 'one-time')).join(', ')}</p><form method="post" action="/checkout/${checkout[1]}/pay"><button type="submit">Pay</button></form><p><a href="${String(session.cancel_url)}">Cancel</a></p>`,
        ),
      )
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
