import { Link, useNavigate } from '@tanstack/react-router'
import useSWR from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { ProductInfo } from '@contract/api/payments'
import { Page } from '@/components/layout/app-shell'
import { IconWarning } from '@/components/layout/page-icons'
import { Button, buttonVariants } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { PhoneText } from '@/components/ui/phone-text'
import { Spinner } from '@/components/ui/spinner'
import { ErrorState } from '@/components/ui/states'
import { failureText } from '@/lib/failure-text'
import { usePageTitle } from '@/lib/use-page-title'
import { getDevPayment } from '../api/get-dev-payment'
import { payDevPayment } from '../api/pay-dev-payment'
import { markCheckoutReturn } from '../checkout-return'
import { productName, pricePerPeriod } from '../product-name'

/** Only a path of this site is followed after paying: never another origin. */
const isLocalPath = (url: string) => url.startsWith('/') && !url.startsWith('//')

/**
 * The development provider's checkout (DESIGN.md section 8): clearly no real money; shows
 * what is bought, for how much and for whom, and "Pay" completes it through the same
 * fulfilment as Stripe's webhook, then goes back to the paywall, which refreshes.
 */
export function DevCheckoutPage({ id }: { id: number | null }) {
  const { LL } = useI18nContext()
  usePageTitle(LL.paywall.devTitle())
  const payment = useSWR(id ? ['dev-payment', id] : null, () => getDevPayment(id!))
  return (
    <Page title={LL.paywall.devTitle()}>
      <p
        role="note"
        className="flex items-start gap-3 rounded-xl border-2 border-warning bg-surface px-4 py-3 font-medium"
        data-testid="dev-payment-warning"
      >
        <IconWarning className="mt-0.5 h-5 w-5 shrink-0 text-warning" />
        {LL.paywall.devWarning()}
      </p>
      {id === null || (payment.error && !payment.data) ? (
        <ErrorState
          message={failureText(payment.error, LL.app.genericError())}
          retryLabel={LL.app.retry()}
          onRetry={id === null ? undefined : () => void payment.mutate()}
        />
      ) : !payment.data ? (
        <Spinner label={LL.app.loading()} className="self-center py-8" />
      ) : (
        <Checkout
          id={payment.data.id}
          product={payment.data.product}
          giftNumber={payment.data.giftNumber}
          paid={payment.data.status !== 'pending'}
        />
      )}
    </Page>
  )
}

function Checkout({ id, product, giftNumber, paid }: { id: number; product: ProductInfo; giftNumber: string | null; paid: boolean }) {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const pay = useSWRMutation(['dev-pay', id], () => payDevPayment(id), {
    throwOnError: false,
    onSuccess: (result) => {
      markCheckoutReturn(product.id)
      void navigate({ href: isLocalPath(result.returnUrl) ? result.returnUrl : '/paywall' })
    },
  })
  const back = product.kind === 'pack' ? '/paywall/numcy' : '/paywall'
  return (
    <Card className="flex flex-col gap-4" data-testid="dev-checkout">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="text-muted">{LL.paywall.devProduct()}</dt>
        <dd className="font-semibold">{productName(LL, product)}</dd>
        <dt className="text-muted">{LL.paywall.devPrice()}</dt>
        <dd className="font-semibold">{pricePerPeriod(LL, product)}</dd>
        {giftNumber && (
          <>
            <dt className="text-muted">{LL.paywall.devGift()}</dt>
            <dd className="font-semibold">
              <PhoneText value={giftNumber} />
            </dd>
          </>
        )}
      </dl>
      {paid ? (
        <p role="status" className="font-medium">
          {LL.paywall.devPaid()}
        </p>
      ) : (
        <Button size="lg" className="self-start" disabled={pay.isMutating || pay.data !== undefined} onClick={() => void pay.trigger()}>
          {LL.paywall.devPay({ price: product.priceText })}
        </Button>
      )}
      {pay.error && !pay.isMutating && (
        <p role="alert" className="text-sm text-danger">
          {failureText(pay.error, LL.paywall.devFailed())}
        </p>
      )}
      <Link to={back} className={buttonVariants({ variant: 'link' }) + ' self-start'}>
        {LL.paywall.devBack()}
      </Link>
    </Card>
  )
}
