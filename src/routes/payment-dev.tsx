import { createFileRoute, redirect } from '@tanstack/react-router'
import { useTopWindow } from '@/app/use-top-window'
import { DevCheckoutPage } from '@/features/paywall/components/dev-checkout-page'
import { auth } from '@/stores/auth'

/** The development provider's checkout page (`/payment/dev/{id}`, what its checkout answers). */
export const Route = createFileRoute('/payment/dev/$id')({
  beforeLoad: () => {
    if (!auth.isAuthenticated) throw redirect({ to: '/login' })
  },
  component: PaymentDev,
})

function PaymentDev() {
  const { id } = Route.useParams()
  useTopWindow()
  return <DevCheckoutPage id={/^[1-9]\d{0,9}$/.test(id) ? Number(id) : null} />
}
