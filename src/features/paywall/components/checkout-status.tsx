import { useI18nContext } from '@i18n/i18n-react'

/** What a checkout is doing: opening the provider's page, or why it could not. */
export function CheckoutStatus({ checkout }: { checkout: { opening: boolean; error: string | null } }) {
  const { LL } = useI18nContext()
  return (
    <>
      {checkout.opening && (
        <p role="status" className="text-sm text-muted">
          {LL.paywall.opening()}
        </p>
      )}
      {checkout.error && (
        <p role="alert" className="text-sm text-danger">
          {checkout.error}
        </p>
      )}
    </>
  )
}
