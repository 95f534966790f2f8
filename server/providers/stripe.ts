import Stripe from 'stripe'

/**
 * Stripe through the official SDK (PROVIDERS.md section 5): hosted Checkout, the
 * billing portal, renewal switches, and webhook signatures checked by the SDK with a
 * 300 s tolerance, in both directions (a timestamp ahead of the clock is refused too). `apiBase` points the SDK at another address (tests use a local
 * fake that answers in Stripe's formats); the default is Stripe itself.
 */
export interface StripeGateway {
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }>
  portalUrl(customerId: string, returnUrl: string): Promise<string>
  /** Cancelling releases a schedule first (a pending downgrade is dropped): Stripe refuses otherwise. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>
  /** Ends an open Checkout Session so it can no longer be paid; false when it was already complete (or paid). */
  expireCheckoutSession(sessionId: string): Promise<boolean>
  /**
   * An upgrade: the subscription's price changes now and the prorated difference is invoiced and
   * charged at once (`always_invoice`, `error_if_incomplete`: a refused card changes nothing).
   * A schedule carrying a pending downgrade is released first.
   */
  upgrade(subscriptionId: string, change: PlanChange): Promise<void>
  /**
   * A downgrade at the period's end: a subscription schedule whose first phase is the current
   * period at the current price and whose next phase is the new price (metadata follows); the
   * schedule's id. Released afterwards, the subscription simply renews.
   */
  scheduleDowngrade(subscriptionId: string, change: PlanChange): Promise<string>
  /** Withdraws a pending downgrade: the schedule lets go and the subscription renews as it is (a schedule already done: nothing). */
  releaseSchedule(scheduleId: string): Promise<void>
  /** The verified event; throws `Stripe.errors.StripeSignatureVerificationError` for a bad or stale signature. */
  verifyEvent(rawBody: string | Buffer, signatureHeader: string): Stripe.Event
}

export interface CheckoutInput {
  mode: 'payment' | 'subscription'
  /** A configured Stripe price (`price_…`), or an amount for a one-time charge (a gifted period). */
  line: { price: string } | { amount: number; currency: string; name: string }
  clientReferenceId: string
  metadata: Record<string, string>
  successUrl: string
  cancelUrl: string
}

export interface PlanChange {
  price: string
  /** The new price's billing interval: the schedule's last phase lasts one of it, then the schedule lets go. */
  interval: 'month' | 'year'
  /** Keys of the subscription's metadata to set from then on (`product` names the new plan); the others stay. */
  metadata: Record<string, string>
}

/** Stripe's shortest Checkout Session life: an abandoned checkout of a plan is replaced, never paid late (ADR 0053). */
export const CHECKOUT_SESSION_SECONDS = 30 * 60

export interface StripeOptions {
  secretKey: string
  webhookSecret: string
  apiBase?: string
}

/** Signature tolerance of stripe-node (`DEFAULT_TOLERANCE`), written out so it cannot drift. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300

export function createStripeGateway(opts: StripeOptions): StripeGateway {
  const base = opts.apiBase ? new URL(opts.apiBase) : null
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  })
  return {
    async createCheckoutSession(input) {
      const lineItem: Stripe.Checkout.SessionCreateParams.LineItem =
        'price' in input.line
          ? { price: input.line.price, quantity: 1 }
          : {
              quantity: 1,
              price_data: {
                currency: input.line.currency.toLowerCase(),
                unit_amount: input.line.amount,
                product_data: { name: input.line.name },
              },
            }
      const session = await stripe.checkout.sessions.create({
        mode: input.mode,
        line_items: [lineItem],
        client_reference_id: input.clientReferenceId,
        metadata: input.metadata,
        // Metadata is not copied to the Subscription or the PaymentIntent: set it there too.
        ...(input.mode === 'subscription'
          ? { subscription_data: { metadata: input.metadata } }
          : { payment_intent_data: { metadata: input.metadata } }),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_SESSION_SECONDS,
      })
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`)
      return { id: session.id, url: session.url }
    },
    async portalUrl(customerId, returnUrl) {
      const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })
      return portal.url
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      if (cancel) {
        // Stripe refuses to cancel a subscription a schedule manages: a pending downgrade is withdrawn first (ADR 0053).
        const sub = await stripe.subscriptions.retrieve(subscriptionId)
        const schedule = typeof sub.schedule === 'string' ? sub.schedule : sub.schedule?.id
        if (schedule) await stripe.subscriptionSchedules.release(schedule)
      }
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel })
    },
    async expireCheckoutSession(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId)
      if (session.status !== 'open') return session.status === 'expired'
      const expired = await stripe.checkout.sessions.expire(sessionId)
      return expired.status === 'expired'
    },
    async upgrade(subscriptionId, change) {
      const sub = await stripe.subscriptions.retrieve(subscriptionId)
      const schedule = typeof sub.schedule === 'string' ? sub.schedule : sub.schedule?.id
      if (schedule) await stripe.subscriptionSchedules.release(schedule)
      await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: sub.items.data[0].id, price: change.price }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
        metadata: change.metadata,
      })
    },
    async scheduleDowngrade(subscriptionId, change) {
      const sub = await stripe.subscriptions.retrieve(subscriptionId)
      const existing = typeof sub.schedule === 'string' ? sub.schedule : sub.schedule?.id
      const schedule = existing
        ? await stripe.subscriptionSchedules.retrieve(existing)
        : await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId })
      const item = sub.items.data[0]
      const current = schedule.current_phase ?? { start_date: item.current_period_start, end_date: item.current_period_end }
      const updated = await stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        proration_behavior: 'none',
        phases: [
          {
            items: [{ price: item.price.id, quantity: 1 }],
            start_date: current.start_date,
            end_date: current.end_date,
            metadata: sub.metadata,
          },
          // A phase's metadata replaces the subscription's when it begins: keep the checkout's keys.
          {
            items: [{ price: change.price, quantity: 1 }],
            metadata: { ...sub.metadata, ...change.metadata },
            duration: { interval: change.interval, interval_count: 1 },
          },
        ],
      })
      return updated.id
    },
    async releaseSchedule(scheduleId) {
      const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId)
      if (schedule.status === 'active' || schedule.status === 'not_started') await stripe.subscriptionSchedules.release(scheduleId)
    },
    verifyEvent(rawBody, signatureHeader) {
      // stripe-node refuses only a timestamp too old; one too far ahead is refused here (issue 29).
      const future = signatureHeader.split(',').some((part) => {
        const [key, value] = part.split('=')
        return key?.trim() === 't' && Number(value) - Math.floor(Date.now() / 1000) > STRIPE_SIGNATURE_TOLERANCE_SECONDS
      })
      if (future) {
        throw new Stripe.errors.StripeSignatureVerificationError(signatureHeader, rawBody, {
          message: 'Timestamp outside the tolerance zone (in the future)',
        })
      }
      return stripe.webhooks.constructEvent(rawBody, signatureHeader, opts.webhookSecret, STRIPE_SIGNATURE_TOLERANCE_SECONDS)
    },
  }
}

export const isStripeSignatureError = (err: unknown) => err instanceof Stripe.errors.StripeSignatureVerificationError
