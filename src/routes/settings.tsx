import { createFileRoute, redirect } from '@tanstack/react-router'
import { CurrentPlan } from '@/features/paywall/components/current-plan'
import { SettingsPage } from '@/features/settings/settings-page'
import { auth } from '@/stores/auth'

export const Route = createFileRoute('/settings')({
  beforeLoad: () => {
    if (!auth.isAuthenticated) throw redirect({ to: '/login' })
  },
  component: Settings,
})

/** The advanced-features sub-view shows the plan in force, with cancel and resume (DESIGN.md section 9). */
function Settings() {
  return <SettingsPage plan={<CurrentPlan />} />
}
