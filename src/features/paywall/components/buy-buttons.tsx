import { useI18nContext } from '@i18n/i18n-react'
import type { ProductInfo } from '@contract/api/payments'
import { Button } from '@/components/ui/button'
import { useCheckout } from '../use-checkout'
import { CheckoutStatus } from './checkout-status'

/**
 * The buy button of one product, through its default provider (Stripe when it sells the
 * product); where the development provider is on beside it, a second button pays with no
 * real money. Errors from the server show under the buttons.
 */
export function BuyButtons({ product }: { product: ProductInfo }) {
  const { LL } = useI18nContext()
  const checkout = useCheckout(product.id)
  const [first] = product.providers
  const devToo = product.providers.includes('dev') && first !== 'dev'
  if (!first) return null
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button disabled={checkout.busy} onClick={() => checkout.start({ product: product.id, provider: first })}>
          {LL.paywall.buyFor({ price: product.priceText })}
        </Button>
        {devToo && (
          <Button
            variant="secondary"
            disabled={checkout.busy}
            aria-label={LL.paywall.devPayLabel({ price: product.priceText })}
            onClick={() => checkout.start({ product: product.id, provider: 'dev' })}
          >
            {LL.paywall.devPayFor()}
          </Button>
        )}
      </div>
      <CheckoutStatus checkout={checkout} />
    </div>
  )
}
