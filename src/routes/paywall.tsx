import { createFileRoute } from '@tanstack/react-router'
import { PaywallPage } from '@/features/paywall/paywall-page'

export const Route = createFileRoute('/paywall')({ component: () => <PaywallPage kind="tiers" /> })
