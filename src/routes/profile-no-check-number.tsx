import { digitsOnly } from '@contract/digits'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { NumberPage } from '@/app/number-page/number-page'
import { useLinkNotice } from '@/features/profile/link-notice'
import { auth } from '@/stores/auth'

export const Route = createFileRoute('/profile-no-check/$phoneNumber')({
  beforeLoad: ({ params }) => {
    if (!auth.isAuthenticated) throw redirect({ to: '/login', search: { number: digitsOnly(params.phoneNumber) } })
  },
  component: ProfileNoCheck,
})

function ProfileNoCheck() {
  const digits = digitsOnly(Route.useParams().phoneNumber)
  useLinkNotice(digits)
  return <NumberPage digits={digits} />
}
