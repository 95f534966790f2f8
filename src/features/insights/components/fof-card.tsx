import { useId } from 'react'
import { z } from 'zod'
import { useI18nContext } from '@i18n/i18n-react'
import type { NumberProfile } from '@contract/api/number-profile'
import { Card, CardTitle } from '@/components/ui/card'

/** A friend of a friend as the server lists them (fof.list): one of the viewer's contacts. */
const friend = z.object({ id: z.number().int(), firstName: z.string().nullable(), lastName: z.string().nullable() })

function friendsOf(data: NumberProfile) {
  return data.fof.list.flatMap((f) => {
    const parsed = friend.safeParse(f)
    return parsed.success ? [parsed.data] : []
  })
}

/**
 * Friends of friends: which of the viewer's own contacts have this number saved. Needs
 * the viewer's uploaded contact book. The server has no endpoint to request an
 * introduction yet, so the card states the price and says so instead of offering one.
 */
export function FofCard({ data }: { data: NumberProfile }) {
  const { LL } = useI18nContext()
  const headingId = useId()
  const fof = data.fof
  const friends = friendsOf(data)
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
      {fof.hasContacts && (
        <p className="text-sm text-muted">
          {LL.insights.fofPrice({ price: fof.priceDirectly })} {LL.insights.fofNoRequests()}
        </p>
      )}
    </Card>
  )
}
