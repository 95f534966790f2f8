import { isPackProduct, isPlanProduct, type Product } from '@contract/products'

/**
 * A completed in-app (development) payment leaves this marker for the page it returns
 * to; Stripe's success address carries `session_id` instead. Either way the paywall
 * then refreshes the plan and the balance (SPEC.md section 4: after a 5 s delay). A
 * cancelled checkout comes back with neither, so it is never thanked for.
 */
const KEY = 'checkoutReturn'
/** A marker older than this belongs to some earlier visit. */
const MAX_AGE_MS = 30 * 60_000

export interface CheckoutReturn {
  product: Product
  at: number
}

export function markCheckoutReturn(product: Product, now: number = Date.now()) {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ product, at: now } satisfies CheckoutReturn))
  } catch {
    // Private mode: the page still refreshes its data on load, only without the thank-you.
  }
}

/** The marker, if a fresh and well-formed one is there. */
export function readCheckoutReturn(now: number = Date.now()): CheckoutReturn | null {
  let raw: string | null = null
  try {
    raw = window.sessionStorage.getItem(KEY)
  } catch {
    return null
  }
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<CheckoutReturn>
    const product = String(value.product)
    if (
      !(isPackProduct(product) || isPlanProduct(product)) ||
      typeof value.at !== 'number' ||
      now - value.at > MAX_AGE_MS ||
      value.at > now
    )
      return null
    return { product, at: value.at }
  } catch {
    return null
  }
}

export function clearCheckoutReturn() {
  try {
    window.sessionStorage.removeItem(KEY)
  } catch {
    // Nothing stored, nothing to clear.
  }
}
