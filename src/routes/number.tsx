import { createFileRoute, redirect } from '@tanstack/react-router'
import { NumberPage } from '@/app/number/number-page'
import { auth } from '@/stores/auth'

export const Route = createFileRoute('/number/$phoneNumber')({
  beforeLoad: ({ params }) => {
    const digits = params.phoneNumber.replace(/\D/g, '')
    if (digits.length <= 1) throw redirect({ to: '/number/not-found' })
    if (!auth.isAuthenticated) throw redirect({ to: '/login', search: { number: digits } })
  },
  component: NumberRoute,
})

function NumberRoute() {
  const { phoneNumber } = Route.useParams()
  return <NumberPage digits={phoneNumber.replace(/\D/g, '')} canonicalize />
}
