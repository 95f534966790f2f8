import useSWR from 'swr'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { usePageTitle } from '@/lib/use-page-title'
import { Page } from '@/components/layout/app-shell'
import { Card } from '@/components/ui/card'
import { getBalance } from '@/lib/get-balance'
import { auth } from '@/stores/auth'

/** Payment pages of SPEC.md section 2; plans and checkout arrive with the payment issue. */
export function PaywallPage({ kind }: { kind: 'tiers' | 'numcy' }) {
  const { LL } = useI18nContext()
  const { isAuthenticated } = useSnapshot(auth)
  const balance = useSWR(isAuthenticated ? 'balance' : null, getBalance)
  const title = kind === 'numcy' ? LL.paywall.numcyTitle() : LL.paywall.title()
  usePageTitle(title)
  return (
    <Page title={title}>
      <p className="text-muted">{kind === 'numcy' ? LL.paywall.numcyIntro() : LL.paywall.intro()}</p>
      {typeof balance.data === 'number' && (
        <Card>
          <p className="text-lg font-semibold">{LL.paywall.balance({ balance: balance.data })}</p>
        </Card>
      )}
    </Page>
  )
}
