import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import { openNotice } from '@/components/modals/notice'
import { Button } from '@/components/ui/button'
import { failureText } from '@/lib/failure-text'
import { reportComment } from '../api/report-comment'

/** Sends a report; the button shows a pending state, then a confirmation modal appears. */
export function ReportButton({
  target,
  onError,
}: {
  target: { comment_id?: number; thread_id?: number }
  onError: (message: string) => void
}) {
  const { LL } = useI18nContext()
  const { trigger, isMutating: pending } = useSWRMutation(['report-comment', target], () => reportComment(target), {
    throwOnError: false,
    onSuccess: () =>
      openNotice(LL, { modalId: 'comment-report-sent', title: LL.comments.reportSentTitle(), description: LL.comments.reportSentText() }),
    onError: (e) => onError(failureText(e, LL.comments.actionError())),
  })
  return (
    <Button variant="ghost" size="sm" disabled={pending} aria-busy={pending || undefined} onClick={() => void trigger()}>
      {pending ? LL.comments.reporting() : LL.comments.report()}
    </Button>
  )
}
