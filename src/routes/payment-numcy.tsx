import { createFileRoute, redirect } from '@tanstack/react-router'
import { apk } from '@/stores/apk'
import { auth } from '@/stores/auth'

export const Route = createFileRoute('/payment/numcy')({
  beforeLoad: () => {
    throw redirect({ to: apk.isAPK && auth.isAuthenticated ? '/paywall/numcy' : '/paywall' })
  },
})
