import { createFileRoute, redirect } from '@tanstack/react-router'
import { acceptKey } from '@/features/entry/key'

export const Route = createFileRoute('/payment/show')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: search.key && acceptKey(search.key) ? '/paywall' : '/search' })
  },
})
