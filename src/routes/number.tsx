import { digitsOnly } from '@contract/digits'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { preloadNumberPage } from '@/app/first-data/preload'
import { NumberPage } from '@/app/number-page/number-page'
import { auth } from '@/stores/auth'

export const Route = createFileRoute('/number/$phoneNumber')({
  beforeLoad: ({ params }) => {
    const digits = digitsOnly(params.phoneNumber)
    if (digits.length <= 1) throw redirect({ to: '/number/not-found' })
    if (!auth.isAuthenticated) throw redirect({ to: '/login', search: { number: digits } })
    // `/number/+49 163-7875622` or digits of another script (٤٩١٦٣…): the address of the digits.
    if (params.phoneNumber !== digits) throw redirect({ to: '/number/$phoneNumber', params: { phoneNumber: digits }, replace: true })
  },
  // A chunk of its own (vite.config.ts): the number's page asked for before its first render, not after its code.
  loader: ({ cause, params }) => {
    if (cause === 'enter') preloadNumberPage(params.phoneNumber)
  },
  component: NumberRoute,
})

function NumberRoute() {
  const { phoneNumber } = Route.useParams()
  return <NumberPage digits={digitsOnly(phoneNumber)} canonicalize />
}
