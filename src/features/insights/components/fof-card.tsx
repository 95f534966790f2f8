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
import { isNumberPageKey } from '@/lib/page-keys'
import { setBalance } from '@/stores/balance'
import { requestIntroduction } from '../api/request-introduction'

/**
 * Friends of friends: which of the viewer's own contacts have this number saved (needs
 * the viewer's uploaded contact book), and a request to be introduced through them for
 * priceDirectly coins, charged once while the request is pending, with its outcome.
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
          <p className="text-sm" data-testid="fof-known">
            {LL.insights.fofKnown({ count: friends.length })}
          </p>
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

type Outgoing = NumberProfile['fof']['requests']['outgoing'][number]

/**
 * The viewer's introduction request and how it ended: pending; accepted, naming the
 * contact who knows the number; declined by everyone or expired after 7 days, with the
 * coins refunded, and a new request possible.
 */
function IntroductionRequest({ data }: { data: NumberProfile }) {
  const { LL, locale } = useI18nContext()
  const { mutate } = useSWRConfig()
  const price = data.fof.priceDirectly
  // The server's answer shows at once; the page data catches up on its next load.
  const [made, setMade] = useState<Outgoing | null>(null)
  // Newest first: the latest request tells where things stand.
  const latest = made ?? data.fof.requests.outgoing[0] ?? null

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

  if (latest?.status === 'pending') {
    return (
      <p className="rounded-xl bg-surface-2 px-3 py-2 text-sm text-fg" data-testid="fof-request" data-status="pending">
        {LL.insights.fofRequested({ date: formatDate(locale, new Date(latest.createdAtTimestamp * 1000), { dateStyle: 'medium' }) })}
      </p>
    )
  }
  if (latest?.status === 'accepted') {
    const name = [latest.acceptedBy?.firstName, latest.acceptedBy?.lastName].filter(Boolean).join(' ')
    return (
      <p className="rounded-xl bg-success/15 px-3 py-2 text-sm font-medium text-fg" data-testid="fof-request" data-status="accepted">
        {/* First-strong isolate: a name in another script keeps its own direction inside the sentence. */}
        {name ? LL.insights.fofAccepted({ name: `\u2068${name}\u2069` }) : LL.insights.fofAcceptedUnnamed()}
      </p>
    )
  }
  return (
    <div className="flex flex-col items-start gap-2">
      {latest && (
        <p className="rounded-xl bg-surface-2 px-3 py-2 text-sm text-fg" data-testid="fof-request" data-status={latest.status}>
          {latest.status === 'declined' ? LL.insights.fofDeclined() : LL.insights.fofExpired()}
          {latest.refunded && ` ${LL.insights.fofRefunded({ price })}`} {LL.insights.fofAskAgain()}
        </p>
      )}
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
