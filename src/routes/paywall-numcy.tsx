import { createFileRoute } from '@tanstack/react-router'
import { param, searchSchema } from '@/app/search-params'
import { useTopWindow } from '@/app/use-top-window'
import { PaywallPage } from '@/features/paywall/components/paywall-page'

const numcySearch = searchSchema({
  /** Stripe Checkout's session, on the way back from a payment. */
  session_id: param.string(255, /^cs_\w+$/),
})

export const Route = createFileRoute('/paywall/numcy')({
  validateSearch: numcySearch,
  component: PaywallNumcy,
})

function PaywallNumcy() {
  const { session_id: sessionId } = Route.useSearch()
  const navigate = Route.useNavigate()
  useTopWindow()
  return (
    <PaywallPage
      kind="numcy"
      sessionId={sessionId}
      onCheckoutSeen={() => void navigate({ search: (prev) => ({ ...prev, session_id: undefined }), replace: true })}
    />
  )
}
