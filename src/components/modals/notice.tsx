import type { TranslationFunctions } from '@i18n/i18n-types'
import { Button } from '@/components/ui/button'
import { closeModal, openModal } from '@/stores/modal'

/** A short message in the app's one modal with a button that closes it (a report was sent). */
export function openNotice(LL: TranslationFunctions, notice: { modalId: string; title: string; description: string }) {
  openModal({
    ...notice,
    body: (
      <Button className="self-end" onClick={closeModal}>
        {LL.app.close()}
      </Button>
    ),
  })
}
