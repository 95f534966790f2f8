import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { CommunityComment } from '@contract/api/community'
import { IconEyeOff } from '@/components/ui/action-icons'
import { Button } from '@/components/ui/button'
import { failureText } from '@/lib/failure-text'
import { formatDate } from '@/lib/format'
import type { HideFlows } from '../hide-flows'

/** The review's hidden state: the owner sees until when and can stop the renewal; the author is told. */
export function HiddenNotice({
  comment,
  owner,
  mine,
  stopHiding,
  onError,
}: {
  comment: CommunityComment
  owner: boolean
  mine: boolean
  stopHiding: HideFlows['stopHiding']
  onError: (m: string) => void
}) {
  const { LL, locale } = useI18nContext()
  const stop = useSWRMutation(
    ['stop-hiding', comment.id],
    async ([, id]: [string, number]) => {
      await stopHiding(id)
      return true
    },
    { throwOnError: false, onError: (e) => onError(failureText(e, LL.comments.actionError())) },
  )
  const stopped = stop.data === true
  const pending = stop.isMutating
  const until = comment.endDateTimestamp
  if (comment.hiddenBy === null || until === null || (!owner && !mine)) return null
  const date = formatDate(locale, new Date(until * 1000), { dateStyle: 'medium' })

  return (
    <div className="flex flex-wrap items-center gap-2 rounded-xl bg-surface-2 px-3 py-2 text-sm text-fg" data-testid="hidden-notice">
      <IconEyeOff />
      {owner ? (
        <>
          <span>{LL.commentMoney.hiddenUntil({ date })}</span>
          {stopped || comment.hideRenews === false ? (
            <span role="status">{LL.commentMoney.stopHidingDone({ date })}</span>
          ) : (
            <Button variant="secondary" size="sm" disabled={pending} aria-busy={pending || undefined} onClick={() => void stop.trigger()}>
              {LL.commentMoney.stopHiding()}
            </Button>
          )}
        </>
      ) : (
        <span>{LL.commentMoney.hiddenForOthers({ date })}</span>
      )}
    </div>
  )
}
