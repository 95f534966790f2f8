import { createFileRoute, redirect } from '@tanstack/react-router'
import { theme } from '@/stores/theme'

export const Route = createFileRoute('/payment/show')({
  beforeLoad: async ({ search }) => {
    // The token decoder loads only here, not with the first page.
    const { acceptKey, signedInAccount, whoseKey } = await import('@/features/entry/key')
    if (search.key) {
      // Another account than the one signed in: the key entry asks first, then opens the paywall (issue 29).
      const current = await signedInAccount(theme.locale)
      const other = current && (await whoseKey(search.key, theme.locale))
      if (current && other && other.profileId !== current.profileId) {
        throw redirect({
          to: '/key/$key',
          params: { key: search.key },
          search: (prev) => ({ ...prev, key: undefined, banner: '1' as const, to: '/paywall' }),
        })
      }
    }
    const accepted = search.key ? await acceptKey(search.key, theme.locale) : false
    throw redirect({ to: accepted ? '/paywall' : '/search' })
  },
})
