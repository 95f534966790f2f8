import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/payment/show')({
  beforeLoad: async ({ search }) => {
    // The token decoder loads only here, not with the first page.
    const { acceptKey } = await import('@/features/entry/key')
    throw redirect({ to: search.key && acceptKey(search.key) ? '/paywall' : '/search' })
  },
})
