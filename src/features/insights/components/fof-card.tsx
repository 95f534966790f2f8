import { useId, useState } from 'react'
import { useSWRConfig } from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { NumberProfile } from '@contract/api/number-profile'
import { openNotEnoughCoins } from '@/components/modals/not-enough-coins'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { failureText } from '@/lib/failure-text'
import { formatDate } from '@/lib/format'
import { isInsufficientCoins } from '@/lib/insufficient-coins'
import { isNumberPageKey } from '@/lib/number-page-key'
import { setBalance } from '@/stores/balance'
import { requestIntroduction } from '../api/request-introduction'

/**
 * Friends of friends: which of the viewer's own contacts have this number saved (needs
 * the viewer's uploaded contact book), and a request to be introduced through them for
 * priceDirectly coins, charged once while the request is pending.
 */
export function FofCard({ data }: { data: NumberProfile }) {
  const { LL } = useI18nContext()
  const headingId = useId()
  const fof = data.fof
  const friends = fof.list
  return (
    <Card className="flex flex-col gap-3" role="region" aria-labelledby={headingId} data-testid="fof-card">
      <CardTitle id={headingId}>{LL.insights.fofTitle()}</CardTitle>
      {!fof.hasContacts ? (
        <p className="text-sm">{LL.insights.fofNoContacts()}</p>
      ) : friends.length === 0 ? (
        <p className="text-sm text-muted">{LL.insights.fofNobody()}</p>
      ) : (
        <>
          <p className="text-sm" data-testid="fof-known">{LL.insights.fofKnown({ count: friends.length })}</p>
          <ul className="flex flex-col gap-1 text-sm" data-testid="fof-list">
            {friends.map((f) => {
              const name = [f.firstName, f.lastName].filter(Boolean).join(' ')
              return (
                <li key={f.id} dir="auto" className="rounded-xl bg-surface-2 px-3 py-2 font-medium">
                  {name || LL.insights.fofUnnamed()}
                </li>
              )
            })}
          </ul>
        </>
      )}
      {friends.length > 0 && <IntroductionRequest data={data} />}
    </Card>
  )
}

function IntroductionRequest({ data }: { data: NumberProfile }) {
  const { LL, locale } = useI18nContext()
  const { mutate } = useSWRConfig()
  const price = data.fof.priceDirectly
  // The server's answer shows at once; the page data catches up on its next load.
  const [made, setMade] = useState<NumberProfile['fof']['requests']['outgoing'][number] | null>(null)
  const open = made ?? data.fof.requests.outgoing.find((r) => r.status === 'pending')

  const ask = useSWRMutation(
    ['request-introduction', data.phone.number],
    async ([, phone]: [string, string]) => {
      const result = await requestIntroduction(phone)
      setMade(result.request)
      setBalance(result.balance)
      await mutate(isNumberPageKey)
    },
    {
      throwOnError: false,
      onError: (e) => {
        if (isInsufficientCoins(e)) openNotEnoughCoins(LL, price)
      },
    },
  )
  const pending = ask.isMutating
  // A short balance opens its modal instead; a new attempt hides the last failure.
  const error = ask.error && !pending && !isInsufficientCoins(ask.error) ? failureText(ask.error, LL.insights.fofRequestError()) : null

  if (open) {
    return (
      <p className="rounded-xl bg-surface-2 px-3 py-2 text-sm text-fg" data-testid="fof-request">
        {LL.insights.fofRequested({ date: formatDate(locale, new Date(open.createdAtTimestamp * 1000), { dateStyle: 'medium' }) })}
      </p>
    )
  }
  return (
    <div className="flex flex-col items-start gap-2">
      <p className="text-sm text-muted">{LL.insights.fofPrice({ price })}</p>
      <Button variant="secondary" disabled={pending} aria-busy={pending || undefined} onClick={() => void ask.trigger()}>
        {pending ? LL.insights.fofRequesting() : LL.insights.fofRequest({ price })}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  )
}
