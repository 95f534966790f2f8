import { createFileRoute, redirect } from '@tanstack/react-router'
import { ProtectYourPhone } from '@/features/devices/components/protect-your-phone'
import { CurrentPlan } from '@/features/paywall/components/current-plan'
import { PaidSearchSwitch } from '@/features/search/components/paid-search-switch'
import { SettingsPage } from '@/features/settings/settings-page'
import { auth } from '@/stores/auth'

export const Route = createFileRoute('/settings')({
  beforeLoad: () => {
    if (!auth.isAuthenticated) throw redirect({ to: '/login' })
  },
  component: Settings,
})

/**
 * The advanced-features sub-view shows the plan in force with cancel and resume, and the search page's paid-search switch
 * (DESIGN.md sections 8 and 9); "Protect your phone" is the devices feature (section 10).
 */
function Settings() {
  return <SettingsPage plan={<CurrentPlan />} paidSearch={<PaidSearchSwitch />} devices={<ProtectYourPhone />} />
}
