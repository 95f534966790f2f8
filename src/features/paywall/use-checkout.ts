import { useEffect } from 'react'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { CheckoutProvider, Product } from '@contract/api/payments'
import { failureText } from '@/lib/failure-text'
import { openInTopWindow } from '@/lib/top-window'
import { startCheckout } from './api/start-checkout'

export interface CheckoutArgs {
  product: Product
  provider?: CheckoutProvider
  giftNumber?: string
}

/**
 * Starts a purchase and opens the provider's page in the top window. While the browser
 * leaves, the buttons stay disabled so a second click cannot start a second payment.
 */
export function useCheckout(id: string) {
  const { LL } = useI18nContext()
  const checkout = useSWRMutation(['checkout', id], (_key, { arg }: { arg: CheckoutArgs }) => startCheckout(arg), {
    throwOnError: false,
    onSuccess: (data) => openInTopWindow(data.url),
  })
  // Back from the provider through the browser's history: the page may come back as it was left.
  const { reset } = checkout
  useEffect(() => {
    const restored = (e: PageTransitionEvent) => e.persisted && reset()
    window.addEventListener('pageshow', restored)
    return () => window.removeEventListener('pageshow', restored)
  }, [reset])
  return {
    start: (args: CheckoutArgs) => void checkout.trigger(args),
    busy: checkout.isMutating || checkout.data !== undefined,
    opening: checkout.data !== undefined,
    error: checkout.error && !checkout.isMutating ? failureText(checkout.error, LL.paywall.checkoutFailed()) : null,
  }
}
