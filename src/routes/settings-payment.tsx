import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/settings/payment')({
  beforeLoad: () => {
    throw redirect({ to: '/paywall' })
  },
})
