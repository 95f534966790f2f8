import { createFileRoute, redirect } from '@tanstack/react-router'
import { theme } from '@/stores/theme'

export const Route = createFileRoute('/payment/show')({
  beforeLoad: async ({ search }) => {
    // The token decoder loads only here, not with the first page.
    const { acceptKey } = await import('@/features/entry/key')
    const accepted = search.key ? await acceptKey(search.key, theme.locale) : false
    throw redirect({ to: accepted ? '/paywall' : '/search' })
  },
})
