import { createFileRoute, redirect } from '@tanstack/react-router'
import { NumberPage } from '@/features/number/components/number-page'
import { auth } from '@/stores/auth'

export const Route = createFileRoute('/profile-no-check/$phoneNumber')({
  beforeLoad: ({ params }) => {
    if (!auth.isAuthenticated) throw redirect({ to: '/login', search: { number: params.phoneNumber.replace(/\D/g, '') } })
  },
  component: ProfileNoCheck,
})

function ProfileNoCheck() {
  const { phoneNumber } = Route.useParams()
  return <NumberPage digits={phoneNumber.replace(/\D/g, '')} />
}
