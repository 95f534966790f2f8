import type { CheckoutProvider, Product } from '../../../contract/api/payments'
import type { Env } from '../../env'
import { createStripeGateway, type StripeGateway } from '../../providers/stripe'
import { loadCatalogue, type Catalogue } from './catalogue'

/** What the payment routes share: the catalogue and the providers configured. */
export interface PaymentsContext {
  catalogue: Catalogue
  stripe: { gateway: StripeGateway; prices: Partial<Record<Product, string>> } | null
  /** Providers configured on this server, Stripe first (the default when it sells a product). */
  providers(): CheckoutProvider[]
  /** Providers that sell this product now: Stripe only with a price id for it (or for a gift, any plan). */
  providersFor(product: Product): CheckoutProvider[]
}

/** Built once at start; a bad PLANS_FILE stops the server here with the entry named. */
export function createPaymentsContext(env: Env, stripeGateway?: StripeGateway): PaymentsContext {
  const catalogue = loadCatalogue(env.PLANS_FILE)
  const stripe = env.payments.stripe
    ? { gateway: stripeGateway ?? createStripeGateway(env.payments.stripe), prices: env.payments.stripe.prices }
    : null
  const providers = (): CheckoutProvider[] => [...(stripe ? (['stripe'] as const) : []), ...(env.payments.dev ? (['dev'] as const) : [])]
  return {
    catalogue,
    stripe,
    providers,
    providersFor(product) {
      if (!catalogue.get(product)) return []
      return providers().filter((p) => p !== 'stripe' || Boolean(stripe?.prices[product]))
    },
  }
}
