import { useState } from 'react'
import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { closeModal, openModal } from '@/stores/modal'
import { reportComment } from '../api/report-comment'
import { failureText } from '@/lib/failure-text'

/** Sends a report; the button shows a pending state, then a confirmation modal appears. */
export function ReportButton({ target, onError }: { target: { comment_id?: number; thread_id?: number }; onError: (message: string) => void }) {
  const { LL } = useI18nContext()
  const [pending, setPending] = useState(false)
  async function report() {
    setPending(true)
    try {
      await reportComment(target)
      openModal({
        modalId: 'comment-report-sent',
        title: LL.comments.reportSentTitle(),
        description: LL.comments.reportSentText(),
        body: (
          <Button className="self-end" onClick={closeModal}>
            {LL.app.close()}
          </Button>
        ),
      })
    } catch (e) {
      onError(failureText(e, LL.comments.actionError()))
    } finally {
      setPending(false)
    }
  }
  return (
    <Button variant="ghost" size="sm" disabled={pending} aria-busy={pending || undefined} onClick={() => void report()}>
      {pending ? LL.comments.reporting() : LL.comments.report()}
    </Button>
  )
}
