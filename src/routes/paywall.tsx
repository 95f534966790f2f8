import { createFileRoute } from '@tanstack/react-router'
import type { Tier } from '@contract/api/payments'
import { param, searchSchema } from '@/app/search-params'
import { useTopWindow } from '@/app/use-top-window'
import { PaywallPage } from '@/features/paywall/components/paywall-page'

// Not the contract's TIERS: its module builds zod schemas, and route params load with the first page.
const TABS = ['tier1', 'tier2'] as const satisfies readonly Tier[]

const paywallSearch = searchSchema({
  tab: param.oneOf(TABS),
  /** Stripe Checkout's session, on the way back from a payment. */
  session_id: param.string(255, /^cs_\w+$/),
})

export const Route = createFileRoute('/paywall')({
  validateSearch: paywallSearch,
  component: Paywall,
})

function Paywall() {
  const { tab, session_id: sessionId } = Route.useSearch()
  const navigate = Route.useNavigate()
  useTopWindow()
  return (
    <PaywallPage
      kind="tiers"
      tab={tab}
      onTabChange={(next) => void navigate({ search: (prev) => ({ ...prev, tab: next }), replace: true })}
      sessionId={sessionId}
      onCheckoutSeen={() => void navigate({ search: (prev) => ({ ...prev, session_id: undefined }), replace: true })}
    />
  )
}
