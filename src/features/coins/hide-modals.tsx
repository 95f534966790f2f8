import type { TranslationFunctions as LLType } from '@i18n/i18n-types'
import { BalanceLine } from '@/components/modals/not-enough-coins'
import { Button } from '@/components/ui/button'
import { ApiError } from '@/lib/api'
import { closeModal, openModal } from '@/stores/modal'

/** What the error modal shows as the code: the server's status_code, else the HTTP status. */
export function errorCode(error: unknown): string {
  if (error instanceof ApiError) return String(error.code || error.status || 'network')
  return 'unknown'
}

/** Hide failed (SPEC.md section 8): error title, unable-to-hide text, the error code. */
export function openHideError(LL: LLType, error: unknown) {
  openModal({
    modalId: 'hide-error',
    title: LL.commentMoney.hideErrorTitle(),
    description: LL.commentMoney.hideErrorText(),
    attention: true,
    body: (
      <>
        <p className="text-sm text-muted" data-testid="error-code">
          {LL.commentMoney.errorCode({ code: errorCode(error) })}
        </p>
        <Button className="self-end" onClick={closeModal}>
          {LL.app.close()}
        </Button>
      </>
    ),
  })
}

/** Hide succeeded: the review is hidden, where the balance is, the balance now. */
export function openHideSuccess(LL: LLType) {
  openModal({
    modalId: 'hide-success',
    title: LL.commentMoney.hideSuccessTitle(),
    description: LL.commentMoney.hideSuccessText(),
    body: (
      <>
        <BalanceLine />
        <Button className="self-end" onClick={closeModal}>
          {LL.app.close()}
        </Button>
      </>
    ),
  })
}
