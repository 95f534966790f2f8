import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { closeModal, openModal } from '@/stores/modal'
import type { LLType } from '../types'

function CloseFooter() {
  const { LL } = useI18nContext()
  return (
    <DialogFooter>
      <Button onClick={closeModal}>{LL.app.close()}</Button>
    </DialogFooter>
  )
}

/** Opens the complaint-after modal (moderators may refuse; the user may go to court). */
export function openComplaintAfter(LL: LLType): void {
  openModal({
    modalId: 'complaint-after',
    title: LL.complaints.afterTitle(),
    description: LL.complaints.afterText(),
    body: <CloseFooter />,
  })
}
