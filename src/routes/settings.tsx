import { createFileRoute, redirect } from '@tanstack/react-router'
import { SettingsPage } from '@/features/settings/settings-page'
import { auth } from '@/stores/auth'

export const Route = createFileRoute('/settings')({
  beforeLoad: () => {
    if (!auth.isAuthenticated) throw redirect({ to: '/login' })
  },
  component: SettingsPage,
})
