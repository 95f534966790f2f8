import { useId, useState } from 'react'
import { Link } from '@tanstack/react-router'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { TranslationFunctions as LLType } from '@i18n/i18n-types'
import { DISCOUNTABLE, type DisputeCategory, type DisputeQueueItem } from '@contract/api/disputes'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { ltr } from '@/components/ui/phone-text'
import { ApiError } from '@/lib/api'
import { evidenceText, listedEvidence } from '@/lib/evidence-text'
import { failureText } from '@/lib/failure-text'
import { formatDate } from '@/lib/format'
import { phone } from '@/lib/phone'
import { decideDispute, type DisputeDecision } from '../api/decide-dispute'
import type { Outcome } from './moderation-item'
import { useDate } from './use-date'

type Discountable = (typeof DISCOUNTABLE)[number]

function categoryName(LL: LLType, category: DisputeCategory) {
  return category === 'new_owner'
    ? LL.dispute.categoryNewOwner()
    : category === 'not_spam'
      ? LL.dispute.categoryNotSpam()
      : LL.dispute.categoryBusiness()
}

function discountName(LL: LLType, kind: string) {
  if (kind === 'imported') return LL.moderation.discountImported()
  if (kind === 'bans') return LL.moderation.discountBans()
  if (kind === 'polls') return LL.moderation.discountPolls()
  return kind
}

const indexText = (index: number) => (Math.round(index * 10) / 10).toString()

/**
 * One owner's dispute about their number's rating: what they say, the number's index
 * and evidence now; while open, uphold (naming the evidence to stop counting, unless
 * the owner is new: then their date decides) or reject, with an optional note.
 */
export function DisputeItem({ item, onOutcome }: { item: DisputeQueueItem; onOutcome: (outcome: Outcome) => void }) {
  const { LL, locale } = useI18nContext()
  const date = useDate()
  const id = useId()
  const [discount, setDiscount] = useState<Discountable[]>([])
  const [note, setNote] = useState('')
  const newOwner = item.category === 'new_owner'
  const number = ltr(phone.formatInternational(item.phoneNumber))
  const evidence = listedEvidence(item.evidence)

  const decide = useSWRMutation(
    ['decide-dispute', item.id],
    async (_key, { arg }: { arg: DisputeDecision['decision'] }) => {
      const result = await decideDispute(item.id, { decision: arg, discount: newOwner ? [] : discount, note: note.trim() })
      return result.status === 'upheld'
        ? LL.moderation.disputeUpheld({ id: item.id, index: indexText(result.index) })
        : LL.moderation.disputeRejected({ id: item.id })
    },
    { throwOnError: false, onSuccess: (message) => onOutcome({ message, gone: true }) },
  )
  const busy = decide.isMutating
  const error =
    decide.error && !busy
      ? decide.error instanceof ApiError && decide.error.status === 409
        ? LL.moderation.disputeAlreadyDecided()
        : failureText(decide.error, LL.moderation.actionError())
      : null
  // Upholding a dispute that is not about a new owner needs the evidence it is right about.
  const canUphold = newOwner || discount.length > 0

  function toggle(kind: Discountable, on: boolean) {
    setDiscount((list) => (on ? [...list, kind] : list.filter((k) => k !== kind)))
  }

  return (
    <Card className="flex flex-col gap-4" aria-labelledby={`${id}-heading`} role="article" data-testid="dispute-item">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-fg">
          {LL.moderation.disputeHeading({ id: item.id })}
        </h2>
        <Badge tone="primary">{categoryName(LL, item.category)}</Badge>
        {item.status !== 'open' && item.decidedAtTimestamp !== null && (
          <Badge tone={item.status === 'upheld' ? 'success' : 'neutral'}>
            {item.status === 'upheld'
              ? LL.moderation.disputeStatusUpheld({ date: date(item.decidedAtTimestamp) })
              : LL.moderation.disputeStatusRejected({ date: date(item.decidedAtTimestamp) })}
          </Badge>
        )}
        <span className="ms-auto text-sm text-muted">{LL.moderation.received({ date: date(item.createdAtTimestamp) })}</span>
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-fg">
        <Link
          to="/number/$phoneNumber"
          params={{ phoneNumber: item.phoneNumber.replace(/\D/g, '') }}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {LL.moderation.disputeNumber({ number })}
        </Link>
        <span data-testid="dispute-index">{LL.moderation.disputeIndex({ index: indexText(item.index) })}</span>
        {item.ownedSinceTimestamp !== null && (
          <span>
            {LL.moderation.disputeOwnedSince({
              date: formatDate(locale, new Date(item.ownedSinceTimestamp * 1000), { dateStyle: 'medium', timeZone: 'UTC' }),
            })}
          </span>
        )}
      </div>

      <section className="flex flex-col gap-1">
        <h3 className="text-sm font-medium text-fg">{LL.moderation.disputeReasons()}</h3>
        <p dir="auto" className="whitespace-pre-wrap break-words rounded-xl bg-surface-2 p-3 text-fg">
          {item.reasons}
        </p>
        {item.link && (
          <p className="text-sm">
            {LL.moderation.disputeLink()}:{' '}
            <a
              href={item.link}
              target="_blank"
              rel="noopener noreferrer nofollow"
              dir="ltr"
              className="break-all text-primary underline underline-offset-4"
            >
              {item.link}
            </a>
          </p>
        )}
      </section>

      <section className="flex flex-col gap-1">
        <h3 className="text-sm font-medium text-fg">{LL.moderation.disputeEvidence()}</h3>
        {evidence.length ? (
          <ul className="flex list-disc flex-col gap-1 ps-5 text-sm" data-testid="dispute-evidence">
            {evidence.map((e) => (
              <li key={`${e.kind}-${e.source}-${e.label}`}>
                {evidenceText(LL, e)}
                {e.discounted && <span className="text-muted"> ({LL.number.evidenceDiscounted()})</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">{LL.moderation.disputeNoEvidence()}</p>
        )}
        {item.discount.length > 0 && (
          <p className="text-sm text-muted">
            {LL.moderation.disputeDiscount()}: {item.discount.map((k) => discountName(LL, k)).join(', ')}
          </p>
        )}
        {item.decisionNote && (
          <p dir="auto" className="text-sm text-fg">
            {LL.dispute.note({ note: `\u2068${item.decisionNote}\u2069` })}
          </p>
        )}
      </section>

      {item.status === 'open' && (
        <div className="flex flex-col gap-3 border-t border-border pt-4">
          {newOwner ? (
            <p className="text-sm text-muted">{LL.moderation.disputeNewOwnerRule()}</p>
          ) : (
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 text-sm font-medium text-fg">{LL.moderation.disputeDiscount()}</legend>
              {DISCOUNTABLE.map((kind) => (
                <label key={kind} className="flex items-center gap-2 text-sm text-fg">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-primary"
                    checked={discount.includes(kind)}
                    onChange={(e) => toggle(kind, e.target.checked)}
                  />
                  {discountName(LL, kind)}
                </label>
              ))}
            </fieldset>
          )}
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-note`} className="text-sm font-medium text-fg">
              {LL.moderation.disputeNote()}
            </label>
            <textarea
              id={`${id}-note`}
              dir="auto"
              rows={2}
              maxLength={1000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              className="w-full resize-y rounded-xl border border-input bg-surface px-3 py-2 text-base text-fg focus-visible:outline-2 focus-visible:outline-focus"
            />
          </div>
          {error && (
            <p role="alert" className="rounded-xl bg-danger-bg p-3 text-sm text-danger">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={busy || !canUphold} onClick={() => void decide.trigger('uphold')}>
              {busy ? LL.moderation.working() : LL.moderation.uphold()}
            </Button>
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => void decide.trigger('reject')}>
              {LL.moderation.disputeReject()}
            </Button>
          </div>
        </div>
      )}
    </Card>
  )
}
