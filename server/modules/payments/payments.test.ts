import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { checkoutResponse, productsResponse, subscriptionResponse } from '../../../contract/api/payments'
import { searchResponse } from '../../../contract/api/number-profile'
import { ERROR_CODES } from '../../../contract/errors'
import { rowsOf } from '../../db/client'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, signInEach, type TestApp } from '../../../tests/support/app'
import { expectError } from '../../../tests/support/api'
import { startFakeStripe, type FakeStripe } from '../../../tests/support/fake-stripe'
import { coinLedger, dailyUsage, payments, subscriptions, users } from '../../db/schema'
import { grantCoins } from '../coins/ledger-repository'

const BUYER = '+4915170000001'
const OTHER = '+4915170000002'
const GIFTEE = '+4915170000003'
const SPY = '+4915170000004'
const WEBHOOK_SECRET = 'whsec_testsecret'

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_NUMCY_PACK_100: 'price_pack100',
  STRIPE_PRICE_NUMCY_PACK_550: 'price_pack550',
  STRIPE_PRICE_TIER1_MONTH: 'price_tier1_month',
  STRIPE_PRICE_TIER2_MONTH: 'price_tier2_month',
  STRIPE_PRICE_TIER2_YEAR: 'price_tier2_year',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  RATE_LIMIT_PER_MINUTE: '100000',
}

describe.each(backends)('money on %s', (backend) => {
  let t: TestApp
  let fake: FakeStripe
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    fake = await startFakeStripe({
      webhookSecret: WEBHOOK_SECRET,
      amounts: { price_tier1_month: 499, price_tier2_month: 999, price_tier2_year: 7999 },
    })
    t = await createTestApp(backend, { ...STRIPE_ENV, STRIPE_API_BASE: fake.url, APK_URL: 'https://example.test/callerid.apk' })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    fake.webhookUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/v6/payment/webhook/stripe`
    await signInEach(t.app, [BUYER, OTHER, SPY], { tokens, ids })
  })
  afterAll(async () => {
    await t?.close()
    await fake?.close()
  })

  const db = () => t.database.db
  const call = (method: 'GET' | 'POST', url: string, who?: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? bearer(tokens[who]) : {}, ...(payload ? { payload } : {}) })
  const balance = async (userId: number) => (await db().select({ b: users.balance }).from(users).where(eq(users.id, userId)))[0].b
  const ledger = (userId: number, reason: string) =>
    db()
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, userId), eq(coinLedger.reason, reason)))
  const checkout = async (who: string, body: object) => {
    const res = await call('POST', '/api/v6/payment/checkout', who, body)
    expect(res.statusCode, res.body).toBe(200)
    return checkoutResponse.parse(res.json()).data
  }
  const sessionIdOf = (url: string) => url.split('/').pop()!
  const mainLoad = async (who: string) => (await call('GET', '/api/v202305/main/load', who)).json().data

  it('lists packs and plans with prices in the asker’s language and the providers configured', async () => {
    const res = await call('GET', '/api/v6/payment/products?locale=de')
    const data = productsResponse.parse(res.json()).data
    expect(data.providers).toEqual(['stripe', 'dev'])
    expect(data.products.map((p) => p.id)).toEqual([
      'numcy_pack_100',
      'numcy_pack_550',
      'numcy_pack_1200',
      'tier1_month',
      'tier1_year',
      'tier2_month',
      'tier2_year',
    ])
    const pack = data.products.find((p) => p.id === 'numcy_pack_100')!
    expect(pack).toMatchObject({ kind: 'pack', coins: 100, price: 199, currency: 'USD', providers: ['stripe', 'dev'] })
    expect(pack.priceText).toBe('1,99\u00a0$')
    // No Stripe price for the yearly tier1 plan: only the development provider sells it here.
    expect(data.products.find((p) => p.id === 'tier1_year')!.providers).toEqual(['dev'])
    expect(data.products.find((p) => p.id === 'tier2_year')!.providers).toEqual(['stripe', 'dev'])
    expect(data.tiers).toEqual({
      free: { searchDailyLimit: 30 },
      tier1: { searchDailyLimit: 300 },
      tier2: { searchDailyLimit: 300, coinsPerPeriod: 100 },
    })
  })

  it('refuses a checkout signed out, an unknown product, a pack as a gift, a malformed gift number, and a provider that does not sell it', async () => {
    expectError(await call('POST', '/api/v6/payment/checkout', undefined, { product: 'numcy_pack_100' }), 401)
    expectError(await call('POST', '/api/v6/payment/checkout', BUYER, { product: 'numcy_pack_7' }), 400, ERROR_CODES.VALIDATION)
    expectError(await call('POST', '/api/v6/payment/checkout', BUYER, { product: 'numcy_pack_100', gift_number: GIFTEE }), 400)
    expectError(await call('POST', '/api/v6/payment/checkout', BUYER, { product: 'tier1_month', gift_number: '12' }), 400)
    expectError(
      await call('POST', '/api/v6/payment/checkout', BUYER, { product: 'tier1_month', gift_number: 'not a number at all' }),
      400,
      ERROR_CODES.NUMBER_INVALID,
    )
    expectError(await call('POST', '/api/v6/payment/checkout', BUYER, { product: 'tier1_year', provider: 'stripe' }), 400)
    expect(await db().select().from(payments)).toEqual([])
  })

  it('credits a coin pack bought through Stripe once, however often and however concurrently its event arrives', async () => {
    const before = await balance(ids[BUYER])
    const { url, provider, paymentId } = await checkout(BUYER, { product: 'numcy_pack_100' })
    expect(provider).toBe('stripe')
    expect(url.startsWith(`${fake.url}/checkout/cs_test_`)).toBe(true)
    // Nothing is granted from the checkout or the success page: only the signed webhook grants.
    expect(await balance(ids[BUYER])).toBe(before)
    const back = await fake.pay(sessionIdOf(url))
    expect(back).toContain('/paywall/numcy?session_id=cs_test_')
    expect(await balance(ids[BUYER])).toBe(before + 100)
    const completed = fake.sent.find(
      (s) => s.event.type === 'checkout.session.completed' && (s.event.data as { object: { id: string } }).object.id === sessionIdOf(url),
    )!
    expect(completed.body).toMatchObject({ data: { outcome: 'applied' } })
    // The same event 20 times at once: each answered 200, none credits again.
    const payload = JSON.stringify(completed.event)
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v6/payment/webhook/stripe',
          headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload) },
          payload,
        }),
      ),
    )
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200))
    expect(replies.every((r) => r.json().data.outcome === 'duplicate')).toBe(true)
    expect(await balance(ids[BUYER])).toBe(before + 100)
    const rows = await ledger(ids[BUYER], 'purchase')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ delta: 100, ref: `payment:${paymentId}`, balanceAfter: before + 100 })
  })

  it('never builds Stripe’s return pages or the development checkout from a forged Host header', async () => {
    const forged = { ...bearer(tokens[BUYER]), host: 'evil.example', 'x-forwarded-host': 'evil.example' }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v6/payment/checkout',
      headers: forged,
      payload: { product: 'numcy_pack_100' },
    })
    const { url } = checkoutResponse.parse(res.json()).data
    const session = fake.sessions.get(sessionIdOf(url))!
    for (const back of [session.success_url, session.cancel_url]) {
      expect(String(back)).not.toContain('evil.example')
      expect(String(back)).toMatch(/^http:\/\/localhost:\d+\/paywall\/numcy/)
    }
    const dev = await t.app.inject({
      method: 'POST',
      url: '/api/v6/payment/checkout',
      headers: forged,
      payload: { product: 'numcy_pack_100', provider: 'dev' },
    })
    expect(checkoutResponse.parse(dev.json()).data.url).toMatch(/^http:\/\/localhost:\d+\/payment\/dev\/\d+$/)
  })

  it('answers a bad or stale signature with 400 and an unknown event type or user with 200, changing nothing', async () => {
    const before = await balance(ids[BUYER])
    const { url, paymentId } = await checkout(BUYER, { product: 'numcy_pack_550' })
    const session = fake.sessions.get(sessionIdOf(url))!
    const event = {
      id: 'evt_forged',
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'checkout.session.completed',
      data: { object: { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_forged' } },
    }
    const payload = JSON.stringify(event)
    const post = (signature: string | undefined, body = payload) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v6/payment/webhook/stripe',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        payload: body,
      })
    expectError(await post(undefined), 400, ERROR_CODES.WEBHOOK_SIGNATURE_INVALID)
    expectError(await post(fake.sign(payload).replace(/v1=\w+/, `v1=${'0'.repeat(64)}`)), 400, ERROR_CODES.WEBHOOK_SIGNATURE_INVALID)
    expectError(await post(fake.sign(payload, Math.floor(Date.now() / 1000) - 400)), 400, ERROR_CODES.WEBHOOK_SIGNATURE_INVALID)
    // Signed 10 minutes in the future: outside the tolerance the other way (a captured-ahead replay).
    const future = await post(fake.sign(payload, Math.floor(Date.now() / 1000) + 600))
    expectError(future, 400, ERROR_CODES.WEBHOOK_SIGNATURE_INVALID)
    expect(future.json().message).toMatch(/300 seconds/)
    // Signed for another body: the signature covers the exact bytes.
    expectError(await post(fake.sign(payload), payload.replace('pi_forged', 'pi_other')), 400, ERROR_CODES.WEBHOOK_SIGNATURE_INVALID)
    expect(await balance(ids[BUYER])).toBe(before)
    expect((await db().select().from(payments).where(eq(payments.id, paymentId)))[0].status).toBe('pending')

    expect((await fake.send('customer.created', { id: 'cus_x', object: 'customer' })).body).toMatchObject({ data: { outcome: 'ignored' } })
    const strangers = {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_x',
      metadata: { ...(session.metadata as object), user_id: '999999' },
    }
    const unknown = await fake.send('checkout.session.completed', strangers)
    expect(unknown).toMatchObject({ status: 200, body: { data: { outcome: 'ignored' } } })
    expect(await balance(ids[BUYER])).toBe(before)
  })

  it('takes back what is left of a refunded pack, never below zero, once', async () => {
    const { url } = await checkout(OTHER, { product: 'numcy_pack_100' })
    await fake.pay(sessionIdOf(url))
    const intent = String(fake.sessions.get(sessionIdOf(url))!.payment_intent)
    expect(await balance(ids[OTHER])).toBe(100)
    const spent = await call('POST', '/api/v6/fof/request', OTHER, { phone: '+4930555500099' })
    expect([200, 409]).toContain(spent.statusCode)
    await db().update(users).set({ balance: 30 }).where(eq(users.id, ids[OTHER]))
    const charge = { id: 'ch_test_1', object: 'charge', payment_intent: intent, amount: 199, amount_refunded: 199, refunded: true }
    expect((await fake.send('charge.refunded', charge)).body).toMatchObject({ data: { outcome: 'applied' } })
    expect(await balance(ids[OTHER])).toBe(0)
    const [refund] = await ledger(ids[OTHER], 'refund')
    expect(refund).toMatchObject({ delta: -30, balanceAfter: 0 })
    // The same refund told again (a new event id) takes nothing more; neither do new coins later.
    await grantCoins(db(), ids[OTHER], 5, 'admin_grant')
    await fake.send('charge.refunded', charge)
    expect(await balance(ids[OTHER])).toBe(5)
    expect(await ledger(ids[OTHER], 'refund')).toHaveLength(1)
  })

  it('takes back the period and the coins of a refunded plan, and of a refunded gift, once', async () => {
    const PLAN_REFUNDEE = '+4915170000012'
    const GIFT_REFUNDEE = '+4915170000013'
    await signInEach(t.app, [PLAN_REFUNDEE], { tokens, ids })
    const state = async (who: string) =>
      subscriptionResponse.parse((await call('GET', '/api/v6/subscription/get', who)).json()).data.activeSubscription

    // A Stripe subscription: its invoice's charge refunded in full.
    await fake.pay(sessionIdOf((await checkout(PLAN_REFUNDEE, { product: 'tier2_month' })).url))
    expect(await state(PLAN_REFUNDEE)).toMatchObject({ tier: 'tier2', status: 'active', autoRenewing: true })
    expect(await balance(ids[PLAN_REFUNDEE])).toBe(100)
    const stripeSub = [...fake.subscriptions.values()].find(
      (s) => (s.metadata as { user_id: string }).user_id === String(ids[PLAN_REFUNDEE]),
    )!
    const charge = {
      id: 'ch_plan_1',
      object: 'charge',
      customer: stripeSub.customer,
      payment_intent: 'pi_invoice_1',
      amount: 999,
      amount_refunded: 999,
      refunded: true,
    }
    const refunded = await fake.send('charge.refunded', charge)
    expect(refunded.body).toMatchObject({ data: { outcome: 'applied' } })
    expect(await state(PLAN_REFUNDEE)).toMatchObject({ status: 'expired', autoRenewing: false })
    expect(await mainLoad(PLAN_REFUNDEE)).toMatchObject({ searchDailyLimit: 30 })
    expect((await call('GET', '/api/v6/profile/my', PLAN_REFUNDEE)).json().data).toMatchObject({ isPro: false })
    expect(await balance(ids[PLAN_REFUNDEE])).toBe(0)
    expect((await ledger(ids[PLAN_REFUNDEE], 'refund')).map((r) => r.delta)).toEqual([-100])
    // The same event again, the same refund told again, and Stripe's later view of the subscription: nothing more.
    const event = fake.sent.find(
      (s) => s.event.type === 'charge.refunded' && (s.event.data as { object: { id: string } }).object.id === 'ch_plan_1',
    )!.event
    const payload = JSON.stringify(event)
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v6/payment/webhook/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload) },
      payload,
    })
    expect(again.json()).toMatchObject({ data: { outcome: 'duplicate' } })
    await grantCoins(db(), ids[PLAN_REFUNDEE], 7, 'admin_grant')
    expect((await fake.send('charge.refunded', charge)).body).toMatchObject({ data: { outcome: 'ignored' } })
    await fake.send('customer.subscription.updated', { ...stripeSub }, { created: Math.floor(Date.now() / 1000) + 5 })
    expect(await state(PLAN_REFUNDEE)).toMatchObject({ status: 'expired', autoRenewing: false })
    expect(await mainLoad(PLAN_REFUNDEE)).toMatchObject({ searchDailyLimit: 30 })
    expect(await balance(ids[PLAN_REFUNDEE])).toBe(7)
    expect(await ledger(ids[PLAN_REFUNDEE], 'refund')).toHaveLength(1)

    // A gift through Stripe: its one payment refunded.
    const gift = await checkout(OTHER, { product: 'tier2_month', gift_number: GIFT_REFUNDEE })
    await fake.pay(sessionIdOf(gift.url))
    await signInEach(t.app, [GIFT_REFUNDEE], { tokens, ids })
    expect(await state(GIFT_REFUNDEE)).toMatchObject({ tier: 'tier2', provider: 'gift', status: 'active' })
    expect(await balance(ids[GIFT_REFUNDEE])).toBe(100)
    const intent = String(fake.sessions.get(sessionIdOf(gift.url))!.payment_intent)
    const giftCharge = { id: 'ch_gift_1', object: 'charge', payment_intent: intent, amount: 999, amount_refunded: 999, refunded: true }
    expect((await fake.send('charge.refunded', giftCharge)).body).toMatchObject({ data: { outcome: 'applied' } })
    expect(await state(GIFT_REFUNDEE)).toMatchObject({ status: 'expired', autoRenewing: false })
    expect(await mainLoad(GIFT_REFUNDEE)).toMatchObject({ searchDailyLimit: 30 })
    expect(await balance(ids[GIFT_REFUNDEE])).toBe(0)
    await fake.send('charge.refunded', giftCharge)
    expect(await ledger(ids[GIFT_REFUNDEE], 'refund')).toHaveLength(1)
    expect((await db().select().from(payments).where(eq(payments.id, gift.paymentId)))[0].status).toBe('refunded')
  })

  it('grants tier1 through Stripe: the 300 limit and is_pro; cancel keeps it to the period’s end, then the limit is 30 again', async () => {
    expect((await mainLoad(BUYER)).searchDailyLimit).toBe(30)
    const never = subscriptionResponse.parse((await call('GET', '/api/v6/subscription/get', BUYER)).json()).data
    expect(never).toMatchObject({ activeSubscription: null, neverRequested: true, myNumber: BUYER })

    const { url } = await checkout(BUYER, { product: 'tier1_month' })
    expect(fake.sessions.get(sessionIdOf(url))!.mode).toBe('subscription')
    await fake.pay(sessionIdOf(url))
    const sub = subscriptionResponse.parse((await call('GET', '/api/v6/subscription/get', BUYER)).json()).data
    expect(sub.activeSubscription).toMatchObject({
      tier: 'tier1',
      period: 'month',
      provider: 'stripe',
      status: 'active',
      autoRenewing: true,
    })
    expect(sub.activeSubscription!.expiredAt).toBeGreaterThan(Date.now() + 25 * 86_400_000)
    expect(sub.stripe?.portalUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/portal\/cus_test_/)
    expect(await mainLoad(BUYER)).toMatchObject({ searchDailyLimit: 300, leftRequests: 300, accessToNeuroOwl: true })
    expect((await call('GET', '/api/v6/profile/my', BUYER)).json().data).toMatchObject({ isPro: true, planTier: 'tier1' })

    const cancelled = await call('POST', '/api/v6/subscription/cancel', BUYER)
    // Stripe's meaning: cancelled at the period's end, the plan is active, not renewing, until it ends (ADR 0053).
    expect(cancelled.json().data.activeSubscription).toMatchObject({ status: 'active', autoRenewing: false, nextCronScheduledAt: null })
    expect(cancelled.json().data).toMatchObject({ status: 'active' })
    const stripeSub = [...fake.subscriptions.values()].find((s) => (s.metadata as { user_id: string }).user_id === String(ids[BUYER]))!
    expect(stripeSub.cancel_at_period_end).toBe(true)
    expectError(await call('POST', '/api/v6/subscription/cancel', BUYER), 409, ERROR_CODES.CONFLICT)
    expect((await mainLoad(BUYER)).searchDailyLimit).toBe(300)

    const end = sub.activeSubscription!.expiredAt
    expect(await t.app.planExpiryJob.run(new Date(end + 86_400_000))).toMatchObject({ expired: 1 })
    // The period is over in the job's clock; entitlements read the plan's end against the database clock, so move it too.
    await db()
      .update(subscriptions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.providerRef, String(stripeSub.id)))
    await db()
      .update(users)
      .set({ planExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, ids[BUYER]))
    expect(await mainLoad(BUYER)).toMatchObject({ searchDailyLimit: 30, accessToNeuroOwl: false })
    expect((await call('GET', '/api/v6/profile/my', BUYER)).json().data).toMatchObject({ isPro: false, planTier: null })
    const after = subscriptionResponse.parse((await call('GET', '/api/v6/subscription/get', BUYER)).json()).data
    expect(after).toMatchObject({ neverRequested: false, activeSubscription: { status: 'expired', autoRenewing: false } })
  })

  it('orders subscription events by their time: a late older update changes nothing, a deletion ends the plan', async () => {
    const { url } = await checkout(OTHER, { product: 'tier2_month' })
    await fake.pay(sessionIdOf(url))
    const stripeSub = [...fake.subscriptions.values()].find(
      (s) => (s.metadata as { user_id: string }).user_id === String(ids[OTHER]) && s.status === 'active',
    )!
    const nowS = Math.floor(Date.now() / 1000)
    await fake.send('customer.subscription.updated', { ...stripeSub, status: 'past_due' }, { created: nowS + 10 })
    const late = await fake.send('customer.subscription.updated', { ...stripeSub, status: 'active' }, { created: nowS + 5 })
    expect(late.body).toMatchObject({ data: { outcome: 'ignored' } })
    const state = async () =>
      subscriptionResponse.parse((await call('GET', '/api/v6/subscription/get', OTHER)).json()).data.activeSubscription
    expect(await state()).toMatchObject({ tier: 'tier2', status: 'past_due' })
    // tier2 credits its period's coins once, with the invoice.
    expect((await ledger(ids[OTHER], 'plan_coins')).map((r) => r.delta)).toEqual([100])
    await fake.send('customer.subscription.deleted', { ...stripeSub, status: 'canceled', ended_at: nowS + 20 }, { created: nowS + 20 })
    await fake.send('customer.subscription.updated', { ...stripeSub, status: 'active' }, { created: nowS + 15 })
    expect(await state()).toMatchObject({ status: 'expired' })
    expect((await mainLoad(OTHER)).searchDailyLimit).toBe(30)
  })

  it('sells through the development provider with the same fulfilment, once, only to its buyer', async () => {
    const before = await balance(ids[SPY])
    const { url, provider, paymentId } = await checkout(SPY, { product: 'numcy_pack_100', provider: 'dev' })
    expect(provider).toBe('dev')
    expect(new URL(url).pathname).toBe(`/payment/dev/${paymentId}`)
    expectError(await call('GET', `/api/v6/payment/dev/${paymentId}`, BUYER), 404)
    const page = await call('GET', `/api/v6/payment/dev/${paymentId}`, SPY)
    expect(page.json().data).toMatchObject({
      id: paymentId,
      status: 'pending',
      giftNumber: null,
      product: { id: 'numcy_pack_100', coins: 100 },
    })
    const paid = await Promise.all([1, 2, 3].map(() => call('POST', '/api/v6/payment/dev/pay', SPY, { id: paymentId })))
    expect(paid.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1)
    expect(await balance(ids[SPY])).toBe(before + 100)
    expectError(await call('POST', '/api/v6/payment/dev/pay', SPY, { id: paymentId }), 409, ERROR_CODES.CONFLICT)
    expect(await balance(ids[SPY])).toBe(before + 100)
  })

  it('gifts a plan to another number: its account is created and its owner finds the plan on sign-in', async () => {
    const { url, paymentId } = await checkout(BUYER, { product: 'tier2_month', provider: 'dev', gift_number: '+49 151 70000003' })
    expect((await call('GET', `/api/v6/payment/dev/${paymentId}`, BUYER)).json().data.giftNumber).toBe(GIFTEE)
    expect((await call('POST', '/api/v6/payment/dev/pay', BUYER, { id: paymentId })).statusCode).toBe(200)
    expect(url).toContain('/payment/dev/')
    await signInEach(t.app, [GIFTEE], { tokens, ids })
    const sub = subscriptionResponse.parse((await call('GET', '/api/v6/subscription/get', GIFTEE)).json()).data
    expect(sub.activeSubscription).toMatchObject({ tier: 'tier2', provider: 'gift', status: 'active', autoRenewing: false })
    expect(await balance(ids[GIFTEE])).toBe(100)
    expectError(await call('POST', '/api/v6/subscription/cancel', GIFTEE), 409)
  })

  it('gifts a plan through Stripe as one prepaid period, not a subscription', async () => {
    const RECEIVER = '+4915170000005'
    const { url } = await checkout(OTHER, { product: 'tier1_month', gift_number: RECEIVER })
    const session = fake.sessions.get(sessionIdOf(url))!
    expect(session.mode).toBe('payment')
    expect((session.line_items as Array<{ price_data?: { unit_amount: string } }>)[0].price_data?.unit_amount).toBe('499')
    await fake.pay(sessionIdOf(url))
    await signInEach(t.app, [RECEIVER], { tokens, ids })
    const sub = subscriptionResponse.parse((await call('GET', '/api/v6/subscription/get', RECEIVER)).json()).data
    expect(sub.activeSubscription).toMatchObject({ tier: 'tier1', provider: 'gift', autoRenewing: false, status: 'active' })
    expect((await mainLoad(RECEIVER)).searchDailyLimit).toBe(300)
    // The giver's own plan is untouched.
    expect((await mainLoad(OTHER)).searchDailyLimit).toBe(30)
  })

  it('an unpaid gift changes nothing about its number; paid, the plan waits, and "Owner verified" comes only with its owner signing in', async () => {
    const SCAM = '+4915170000011'
    const page = async (who: string) =>
      searchResponse.parse((await call('GET', `/api/v202505/search/${encodeURIComponent(SCAM)}`, who)).json()).data
    const accountOf = async () => (await db().select().from(users).where(eq(users.phone, SCAM)))[0]
    // The attack: gifts started through both providers, never paid.
    const dev = await checkout(BUYER, { product: 'tier1_month', provider: 'dev', gift_number: SCAM })
    await checkout(BUYER, { product: 'tier1_month', provider: 'stripe', gift_number: SCAM })
    expect(await accountOf()).toBeUndefined()
    const unpaid = await page(OTHER)
    expect(unpaid.profile.id).toBeNull()
    expect(unpaid.metrics.isVerified).toBe(false)
    expect((await call('GET', `/api/v6/payment/dev/${dev.paymentId}`, BUYER)).json().data.giftNumber).toBe(SCAM)

    // Paid: the plan waits for the number's owner, who has not signed in: still nobody's page.
    expect((await call('POST', '/api/v6/payment/dev/pay', BUYER, { id: dev.paymentId })).statusCode).toBe(200)
    const account = await accountOf()
    expect(account).toMatchObject({ planTier: 'tier1' })
    expect((await db().select().from(subscriptions).where(eq(subscriptions.userId, account.id)))[0]).toMatchObject({
      provider: 'gift',
      status: 'active',
    })
    const paid = await page(OTHER)
    expect(paid.profile.id).toBeNull()
    expect(paid.metrics.isVerified).toBe(false)

    // The owner signs in: the plan is theirs, and now the number is owner verified.
    await signInEach(t.app, [SCAM], { tokens, ids })
    expect(ids[SCAM]).toBe(account.id)
    expect(subscriptionResponse.parse((await call('GET', '/api/v6/subscription/get', SCAM)).json()).data.activeSubscription).toMatchObject({
      tier: 'tier1',
      provider: 'gift',
    })
    const owned = await page(OTHER)
    expect(owned.metrics.isVerified).toBe(true)
    expect(owned.profile.id).toBe(account.id)
  })

  it('shows a tier2 user who looked up their number, anti-spy searchers as someone; a free user is told what tier2 adds', async () => {
    expect((await call('GET', '/api/v6/spy/lookups', OTHER)).json().data).toEqual({ allowed: false, items: [], total: 0 })
    const searchAs = (who: string, number: string) => call('GET', `/api/v202505/search/${encodeURIComponent(number)}?locale=en`, who)
    expect((await searchAs(BUYER, GIFTEE)).statusCode).toBe(200)
    await db().update(users).set({ antispy: true }).where(eq(users.id, ids[SPY]))
    expect((await searchAs(SPY, GIFTEE)).statusCode).toBe(200)
    const list = (await call('GET', '/api/v6/spy/lookups', GIFTEE)).json().data
    expect(list.allowed).toBe(true)
    expect(list.total).toBe(2)
    expect(list.items.map((i: { phoneNumber: string | null }) => i.phoneNumber)).toEqual([null, BUYER])
    // In Unix seconds, like every other time of the API.
    const now = Math.floor(Date.now() / 1000)
    for (const item of list.items as Array<{ date: number }>) expect(item.date).toSatisfy((d: number) => d > now - 120 && d <= now)
  })

  it('a paid search past the daily limit spends exactly one coin; without coins it offers the paid alert', async () => {
    const day = new Date().toISOString().slice(0, 10)
    await db()
      .insert(dailyUsage)
      .values({ userId: ids[SPY], day, count: 30 })
      .onConflictDoUpdate({ target: [dailyUsage.userId, dailyUsage.day], set: { count: 30 } })
    expect((await call('POST', '/api/v6/params/overlimit', SPY)).json().data).toEqual({ overlimit: true })
    const before = await balance(ids[SPY])
    const paid = (await call('GET', '/api/v202505/search/%2B4930555500042?paidSearch=1', SPY)).json().data
    expect(paid.common.isPaidRequest).toBe(true)
    expect(await balance(ids[SPY])).toBe(before - 1)
    await db().update(users).set({ balance: 0 }).where(eq(users.id, ids[SPY]))
    const refused = (await call('GET', '/api/v202505/search/%2B4930555500043?paidSearch=1', SPY)).json().data
    expect(refused.paidAlert).toEqual({ show: true, paidSearchPrice: 1 })
    expect((await call('POST', '/api/v6/params/overlimit/disable', SPY)).json().data).toEqual({ overlimit: false })
  })

  it('trades a one-time key for a session once; a key is no session and a session no key', async () => {
    const issued = (await call('POST', '/api/v6/payment/key', BUYER)).json().data
    expect(issued.expiresIn).toBe(900)
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/v6/profile/my', headers: bearer(issued.key) }),
      403,
      ERROR_CODES.SESSION_INVALID,
    )
    const traded = await call('POST', '/api/v6/auth/key', undefined, { key: issued.key })
    expect(traded.statusCode, traded.body).toBe(200)
    expect(traded.json().data).toMatchObject({ profileId: ids[BUYER], phoneNumber: BUYER })
    const me = await t.app.inject({ method: 'GET', url: '/api/v6/profile/my', headers: bearer(traded.json().data.token) })
    expect(me.json().data.profileId).toBe(ids[BUYER])
    expectError(await call('POST', '/api/v6/auth/key', undefined, { key: issued.key }), 400)
    expectError(await call('POST', '/api/v6/auth/key', undefined, { key: tokens[BUYER] }), 400)
    expectError(await call('POST', '/api/v6/auth/key', undefined, { key: `${issued.key.slice(0, -4)}AAAA` }), 400)
  })

  it('never charges a closed account again: deactivating stops a Stripe plan at its period’s end and a development plan from renewing', async () => {
    const LEAVER = '+4915170000006'
    const DEV_LEAVER = '+4915170000007'
    await signInEach(t.app, [LEAVER, DEV_LEAVER], { tokens, ids })
    await fake.pay(sessionIdOf((await checkout(LEAVER, { product: 'tier2_month' })).url))
    const stripeSub = () =>
      [...fake.subscriptions.values()].find((s) => (s.metadata as { user_id: string }).user_id === String(ids[LEAVER]))!
    expect(stripeSub().cancel_at_period_end).toBeFalsy()
    const dev = await checkout(DEV_LEAVER, { product: 'tier2_month', provider: 'dev' })
    expect((await call('POST', '/api/v6/payment/dev/pay', DEV_LEAVER, { id: dev.paymentId })).statusCode).toBe(200)
    const devPlan = async () => (await db().select().from(subscriptions).where(eq(subscriptions.userId, ids[DEV_LEAVER])))[0]
    expect(await devPlan()).toMatchObject({ autoRenewing: true, status: 'active' })
    const coinsBefore = (await ledger(ids[DEV_LEAVER], 'plan_coins')).length

    for (const who of [LEAVER, DEV_LEAVER])
      expect((await call('POST', '/api/v6/profile/deactivate', who, { cancel: '1' })).statusCode).toBe(200)
    // Stripe was told; the plan holds until its period ends, then is not renewed.
    expect(stripeSub().cancel_at_period_end).toBe(true)
    const leaverPlan = (await db().select().from(subscriptions).where(eq(subscriptions.userId, ids[LEAVER])))[0]
    expect(leaverPlan.autoRenewing).toBe(false)
    expect(leaverPlan.status).not.toBe('expired')
    expect(leaverPlan.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 25 * 86_400_000)
    expect(await devPlan()).toMatchObject({ autoRenewing: false })
    // Back within 30 days, the plan shows as not renewing (resumable like any cancelled plan).
    await signInEach(t.app, [LEAVER], { tokens, ids })
    const back = subscriptionResponse.parse((await call('GET', '/api/v6/subscription/get', LEAVER)).json()).data.activeSubscription
    expect(back).toMatchObject({ tier: 'tier2', provider: 'stripe', status: 'active', autoRenewing: false, nextCronScheduledAt: null })
    // Even a plan still set to renew (an account closed before this rule) is not renewed by the job.
    await db().update(subscriptions).set({ autoRenewing: true }).where(eq(subscriptions.userId, ids[DEV_LEAVER]))
    const end = (await devPlan()).expiresAt!.getTime()
    await t.app.planExpiryJob.run(new Date(end + 86_400_000))
    expect(await devPlan()).toMatchObject({ status: 'expired', autoRenewing: false })
    expect((await ledger(ids[DEV_LEAVER], 'plan_coins')).length).toBe(coinsBefore)
  })

  const subscription = async (who: string) => subscriptionResponse.parse((await call('GET', '/api/v6/subscription/get', who)).json()).data
  const change = (who: string, product: string) => call('POST', '/api/v6/subscription/change', who, { product })
  const stripeSubOf = (who: string) =>
    [...fake.subscriptions.values()].find((s) => (s.metadata as { user_id: string }).user_id === String(ids[who]) && s.status === 'active')!

  it('refuses a second plan while one is in force, through every provider, also many checkouts at once (issue 33)', async () => {
    const HOLDER = '+4915170000021'
    await signInEach(t.app, [HOLDER], { tokens, ids })
    await fake.pay(sessionIdOf((await checkout(HOLDER, { product: 'tier2_month' })).url))
    const before = await db().select().from(payments).where(eq(payments.userId, ids[HOLDER]))
    // The reported case: a tier2 subscriber buys tier1. Refused, through Stripe and the development provider.
    for (const body of [
      { product: 'tier1_month' },
      { product: 'tier1_month', provider: 'dev' },
      { product: 'tier2_month' },
      { product: 'tier2_year', provider: 'dev' },
    ]) {
      const res = await call('POST', '/api/v6/payment/checkout', HOLDER, body)
      expectError(res, 409, ERROR_CODES.CONFLICT)
      expect(res.json().message).toMatch(/already have a plan .*Upgrade or Downgrade/)
    }
    const many = await Promise.all(
      ['tier1_month', 'tier1_year', 'tier2_month', 'tier1_month'].map((product, i) =>
        call('POST', '/api/v6/payment/checkout', HOLDER, { product, ...(i % 2 ? { provider: 'dev' } : {}) }),
      ),
    )
    expect(many.map((r) => r.statusCode)).toEqual([409, 409, 409, 409])
    expect(await db().select().from(payments).where(eq(payments.userId, ids[HOLDER]))).toHaveLength(before.length)
    expect(
      [...fake.subscriptions.values()].filter((s) => (s.metadata as { user_id: string }).user_id === String(ids[HOLDER])),
    ).toHaveLength(1)
    // A gift for another number is not a second plan of one's own.
    expect(
      (await call('POST', '/api/v6/payment/checkout', HOLDER, { product: 'tier1_month', provider: 'dev', gift_number: '+4915170000029' }))
        .statusCode,
    ).toBe(200)

    // SPEC.md section 3's fields of the Subscription.
    expect(await subscription(HOLDER)).toMatchObject({
      activeSubscription: { tier: 'tier2', status: 'active', autoRenewing: true, pendingChange: null },
      neverRequested: false,
      myNumber: HOLDER,
      myPhone: HOLDER.slice(1),
      status: 'active',
      comment_id: null,
      waitSubscribeData: false,
    })
  })

  it('takes two checkouts of a plan at once in turn: only the newest can be paid, and the plan arriving is waited for', async () => {
    const DOUBLE = '+4915170000022'
    await signInEach(t.app, [DOUBLE], { tokens, ids })
    expect(await subscription(DOUBLE)).toMatchObject({
      status: 'none',
      waitSubscribeData: false,
      neverRequested: true,
      activeSubscription: null,
    })
    const both = await Promise.all(['tier1_month', 'tier2_month'].map((product) => checkout(DOUBLE, { product })))
    const sessions = both.map((b) => fake.sessions.get(sessionIdOf(b.url))!)
    expect(sessions.map((x) => x.status).sort()).toEqual(['expired', 'open'])
    const [stale, open] = sessions[0].status === 'expired' ? [sessions[0], sessions[1]] : [sessions[1], sessions[0]]
    await expect(fake.pay(String(stale.id))).rejects.toThrow(/expired/)
    expect(await subscription(DOUBLE)).toMatchObject({ status: 'none', waitSubscribeData: true })
    // A development checkout started meanwhile replaces the Stripe one, and a Stripe one it.
    const dev = await checkout(DOUBLE, { product: 'tier1_month', provider: 'dev' })
    expect(open.status).toBe('expired')
    const last = await checkout(DOUBLE, { product: 'tier2_month' })
    expectError(await call('POST', '/api/v6/payment/dev/pay', DOUBLE, { id: dev.paymentId }), 409, ERROR_CODES.CONFLICT)
    await fake.pay(sessionIdOf(last.url))
    expect(await subscription(DOUBLE)).toMatchObject({ status: 'active', waitSubscribeData: false, activeSubscription: { tier: 'tier2' } })
    expect(
      [...fake.subscriptions.values()].filter((s) => (s.metadata as { user_id: string }).user_id === String(ids[DOUBLE])),
    ).toHaveLength(1)
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, ids[DOUBLE]))).toHaveLength(1)
    expectError(await call('POST', '/api/v6/payment/checkout', DOUBLE, { product: 'tier1_month' }), 409, ERROR_CODES.CONFLICT)
  })

  it('upgrades a Stripe plan at once with a prorated charge, and downgrades it at the period’s end', async () => {
    const CHANGER = '+4915170000023'
    await signInEach(t.app, [CHANGER], { tokens, ids })
    await fake.pay(sessionIdOf((await checkout(CHANGER, { product: 'tier1_month' })).url))
    const sub = stripeSubOf(CHANGER)
    const coins = await balance(ids[CHANGER])
    expectError(await change(CHANGER, 'tier1_month'), 409, ERROR_CODES.CONFLICT)

    const up = await change(CHANGER, 'tier2_month')
    expect(up.statusCode, up.body).toBe(200)
    expect(up.json().data).toMatchObject({
      change: 'upgrade',
      activeSubscription: { tier: 'tier2', period: 'month', status: 'active', autoRenewing: true },
    })
    // Stripe changed the price with a prorated invoice, charged at once: the unused tier1 time credited, tier2's charged.
    expect((sub.items as { data: { price: { id: string } }[] }).data[0].price.id).toBe('price_tier2_month')
    expect(sub.metadata).toMatchObject({ product: 'tier2_month', user_id: String(ids[CHANGER]) })
    const invoice = fake.invoices.at(-1)! as {
      amount_paid: number
      lines: { data: { amount: number; parent: { subscription_item_details: { proration: boolean } } }[] }
    }
    expect(invoice.lines.data.every((l) => l.parent.subscription_item_details.proration)).toBe(true)
    expect(invoice.lines.data.map((l) => l.amount)).toEqual([expect.closeTo(-499, -1), expect.closeTo(999, -1)])
    expect(invoice.amount_paid).toBeGreaterThan(490)
    expect(invoice.amount_paid).toBeLessThanOrEqual(500)
    const shown = await subscription(CHANGER)
    expect(shown.activeSubscription).toMatchObject({ tier: 'tier2', period: 'month', pendingChange: null })
    expect((await call('GET', '/api/v6/profile/my', CHANGER)).json().data).toMatchObject({ planTier: 'tier2' })
    expect((await call('GET', '/api/v6/spy/lookups', CHANGER)).json().data.allowed).toBe(true)
    // Stripe's events follow its answer: the prorated invoice paid brings tier2's coins.
    await vi.waitFor(async () => expect(await balance(ids[CHANGER])).toBe(coins + 100), { timeout: 10_000, interval: 100 })
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, ids[CHANGER]))).toHaveLength(1)

    // Downgrade: nothing changes before the period's end; Stripe holds it in a schedule.
    const down = await change(CHANGER, 'tier1_month')
    expect(down.json().data).toMatchObject({
      change: 'downgrade',
      activeSubscription: { tier: 'tier2', pendingChange: { tier: 'tier1', period: 'month' } },
    })
    const end = down.json().data.activeSubscription.expiredAt
    expect(down.json().data.activeSubscription.pendingChange.startsAt).toBe(end)
    expect(sub.schedule).toMatch(/^sub_sched_/)
    const schedule = fake.schedules.get(String(sub.schedule))! as {
      phases: { items: { price: string }[]; end_date: number; start_date: number }[]
    }
    expect(schedule.phases.map((ph) => ph.items[0].price)).toEqual(['price_tier2_month', 'price_tier1_month'])
    expect(schedule.phases[0].end_date * 1000).toBe(end)
    expectError(await change(CHANGER, 'tier1_month'), 409, ERROR_CODES.CONFLICT)
    expect((await call('GET', '/api/v6/profile/my', CHANGER)).json().data).toMatchObject({ planTier: 'tier2' })
    // Keeping the plan withdraws the downgrade; asked again, it waits once more.
    expect((await change(CHANGER, 'tier2_month')).json().data).toMatchObject({
      change: 'kept',
      activeSubscription: { tier: 'tier2', pendingChange: null },
    })
    expect(sub.schedule).toBeNull()
    const again = await change(CHANGER, 'tier1_month')
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().data.change).toBe('downgrade')

    // The period ends: Stripe renews as tier1, and the shown plan follows.
    await fake.renew(String(sub.id))
    const after = await subscription(CHANGER)
    expect(after.activeSubscription).toMatchObject({
      tier: 'tier1',
      period: 'month',
      status: 'active',
      autoRenewing: true,
      pendingChange: null,
    })
    expect(after.activeSubscription!.expiredAt).toBeGreaterThan(end + 25 * 86_400_000)
    expect((await call('GET', '/api/v6/profile/my', CHANGER)).json().data).toMatchObject({ planTier: 'tier1' })
    expect(sub.metadata).toMatchObject({ product: 'tier1_month', user_id: String(ids[CHANGER]) })
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, ids[CHANGER]))).toHaveLength(1)
  })

  // Two transactions at once: PGlite serves one at a time, so this one runs on PostgreSQL.
  if (backend === 'postgres')
    it('an event about a plan waits for its owner’s row before it takes the plan’s, as a plan change does: the two never deadlock', async () => {
      const RACER = '+4915170000026'
      await signInEach(t.app, [RACER], { tokens, ids })
      await fake.pay(sessionIdOf((await checkout(RACER, { product: 'tier2_month' })).url))
      const sub = stripeSubOf(RACER)
      const [plan] = await db().select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, ids[RACER]))
      let delivered: Promise<{ status: number }> | undefined
      // A plan change has begun: it holds the owner's row (its first step) and is about to take the plan's.
      await db().transaction(async (change) => {
        await change.select({ id: users.id }).from(users).where(eq(users.id, ids[RACER])).for('update')
        // Stripe's event about the plan comes meanwhile (as the release of a downgrade's schedule did in CI), and waits.
        delivered = fake.send('customer.subscription.updated', { ...sub })
        await vi.waitFor(
          async () => {
            const waiting = await db().execute(
              sql`select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            )
            expect(rowsOf(waiting)).not.toHaveLength(0)
          },
          { timeout: 10_000, interval: 20 },
        )
        // It waits without the plan's row, which the change then takes at once. (The event used to take the plan's row
        // first and wait for the owner's: the change waited for it in turn, and PostgreSQL failed one after a second.)
        const taken = await change
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(eq(subscriptions.id, plan.id))
          .for('update', { noWait: true })
        expect(taken).toHaveLength(1)
      })
      expect((await delivered!).status).toBe(200)
    })

  it('cancelling drops a pending downgrade; a plan cancelled at its period’s end reads active, not renewing, until it ends', async () => {
    const QUITTER = '+4915170000024'
    await signInEach(t.app, [QUITTER], { tokens, ids })
    await fake.pay(sessionIdOf((await checkout(QUITTER, { product: 'tier2_month' })).url))
    const sub = stripeSubOf(QUITTER)
    expect((await change(QUITTER, 'tier1_month')).json().data.change).toBe('downgrade')
    // The cancel's events (the schedule released, then the cancel) held: Stripe may deliver them after its answer, in any order.
    fake.holding = true
    const cancelled = await call('POST', '/api/v6/subscription/cancel', QUITTER)
    fake.holding = false
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(sub.schedule).toBeNull()
    expect(sub.cancel_at_period_end).toBe(true)
    expect(cancelled.json().data).toMatchObject({
      status: 'active',
      activeSubscription: { tier: 'tier2', status: 'active', autoRenewing: false, pendingChange: null },
    })
    const [released, cancelledAtStripe] = fake.held.splice(0)
    expect((released.event.data as { object: object }).object).toMatchObject({ schedule: null, cancel_at_period_end: false })
    // The release's view, still renewing, is older than the cancel's answer: arriving after it, it changes nothing.
    expect((await released.deliver()).body).toMatchObject({ data: { outcome: 'ignored' } })
    expect(await subscription(QUITTER)).toMatchObject({ activeSubscription: { status: 'active', autoRenewing: false } })
    await cancelledAtStripe.deliver()
    // Stripe's own view of it says the same.
    await fake.send('customer.subscription.updated', { ...sub }, { created: Math.floor(Date.now() / 1000) + 30 })
    expect(await subscription(QUITTER)).toMatchObject({ status: 'active', activeSubscription: { status: 'active', autoRenewing: false } })
    // Not renewing, it cannot be changed before it is resumed; nor can a second plan be bought.
    expectError(await change(QUITTER, 'tier2_year'), 409, ERROR_CODES.CONFLICT)
    expectError(await call('POST', '/api/v6/payment/checkout', QUITTER, { product: 'tier1_month' }), 409, ERROR_CODES.CONFLICT)
  })

  it('changes a development plan: an upgrade at once, a downgrade when the plan renews', async () => {
    const DEV_CHANGER = '+4915170000025'
    await signInEach(t.app, [DEV_CHANGER], { tokens, ids })
    const bought = await checkout(DEV_CHANGER, { product: 'tier1_month', provider: 'dev' })
    expect((await call('POST', '/api/v6/payment/dev/pay', DEV_CHANGER, { id: bought.paymentId })).statusCode).toBe(200)
    const coins = await balance(ids[DEV_CHANGER])
    const up = await change(DEV_CHANGER, 'tier2_year')
    expect(up.json().data).toMatchObject({ change: 'upgrade', activeSubscription: { tier: 'tier2', period: 'year', provider: 'dev' } })
    expect(up.json().data.activeSubscription.expiredAt).toBeGreaterThan(Date.now() + 360 * 86_400_000)
    expect(await balance(ids[DEV_CHANGER])).toBe(coins + 100)
    expect((await call('GET', '/api/v6/profile/my', DEV_CHANGER)).json().data).toMatchObject({ planTier: 'tier2' })

    const down = await change(DEV_CHANGER, 'tier1_month')
    expect(down.json().data).toMatchObject({
      change: 'downgrade',
      activeSubscription: { tier: 'tier2', period: 'year', pendingChange: { tier: 'tier1', period: 'month' } },
    })
    const end = down.json().data.activeSubscription.expiredAt
    await t.app.planExpiryJob.run(new Date(end + 60_000))
    const after = await subscription(DEV_CHANGER)
    expect(after.activeSubscription).toMatchObject({
      tier: 'tier1',
      period: 'month',
      status: 'active',
      autoRenewing: true,
      pendingChange: null,
    })
    expect(after.activeSubscription!.expiredAt).toBeGreaterThan(end + 27 * 86_400_000)
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, ids[DEV_CHANGER]))).toHaveLength(1)
    // tier1 gives no coins with its period.
    expect(await balance(ids[DEV_CHANGER])).toBe(coins + 100)
  })

  it('answers the APK link from APK_URL', async () => {
    expect((await call('GET', '/api/v202305/apk/get')).json()).toEqual({ status: true, data: { url: 'https://example.test/callerid.apk' } })
  })
})

describe('payments configuration', () => {
  it('without a provider, checkout says payments are not configured and there is no APK link', async () => {
    const t = await createTestApp('pglite', { PAYMENTS_DEV: '0', AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    try {
      const tokens: Record<string, string> = {}
      await signInEach(t.app, [BUYER], { tokens, ids: {} })
      const products = (await t.app.inject({ method: 'GET', url: '/api/v6/payment/products' })).json().data
      expect(products.providers).toEqual([])
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v6/payment/checkout',
        headers: bearer(tokens[BUYER]),
        payload: { product: 'numcy_pack_100' },
      })
      expect(res.statusCode).toBe(503)
      expect(res.json().message).toMatch(/not configured/)
      expect((await t.app.inject({ method: 'GET', url: '/api/v202305/apk/get' })).statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })
})
