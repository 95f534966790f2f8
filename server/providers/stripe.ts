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
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>
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
      ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  })
  return {
    async createCheckoutSession(input) {
      const lineItem: Stripe.Checkout.SessionCreateParams.LineItem =
        'price' in input.line
          ? { price: input.line.price, quantity: 1 }
          : { quantity: 1, price_data: { currency: input.line.currency.toLowerCase(), unit_amount: input.line.amount, product_data: { name: input.line.name } } }
      const session = await stripe.checkout.sessions.create({
        mode: input.mode,
        line_items: [lineItem],
        client_reference_id: input.clientReferenceId,
        metadata: input.metadata,
        // Metadata is not copied to the Subscription or the PaymentIntent: set it there too.
        ...(input.mode === 'subscription' ? { subscription_data: { metadata: input.metadata } } : { payment_intent_data: { metadata: input.metadata } }),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      })
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`)
      return { id: session.id, url: session.url }
    },
    async portalUrl(customerId, returnUrl) {
      const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })
      return portal.url
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel })
    },
    verifyEvent(rawBody, signatureHeader) {
      // stripe-node refuses only a timestamp too old; one too far ahead is refused here (issue 29).
      const future = signatureHeader.split(',').some((part) => {
        const [key, value] = part.split('=')
        return key?.trim() === 't' && Number(value) - Math.floor(Date.now() / 1000) > STRIPE_SIGNATURE_TOLERANCE_SECONDS
      })
      if (future) {
        throw new Stripe.errors.StripeSignatureVerificationError(signatureHeader, rawBody, { message: 'Timestamp outside the tolerance zone (in the future)' })
      }
      return stripe.webhooks.constructEvent(rawBody, signatureHeader, opts.webhookSecret, STRIPE_SIGNATURE_TOLERANCE_SECONDS)
    },
  }
}

export const isStripeSignatureError = (err: unknown) => err instanceof Stripe.errors.StripeSignatureVerificationError
