import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { Button, buttonVariants } from '@/components/ui/button'
import { ApiError } from '@/lib/api'
import { STORE_LINKS } from '@/lib/site'
import { balance } from '@/stores/balance'
import { closeModal, openModal } from '@/stores/modal'
import { refreshBalance } from '@/lib/use-balance'

type LLType = ReturnType<typeof useI18nContext>['LL']

/** The store the coins are bought in: the app's page in the store of this device (the footer's links). */
export function storeLink(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): string {
  if (/iPhone|iPad|iPod|Macintosh/i.test(userAgent)) return STORE_LINKS.appStore
  if (/Huawei|HMSCore|HarmonyOS/i.test(userAgent)) return STORE_LINKS.appGallery
  return STORE_LINKS.googlePlay
}

/** The viewer's coin balance as the store has it; `refresh` fetches it when the line appears. */
export function BalanceLine({ refresh = false }: { refresh?: boolean }) {
  const { LL } = useI18nContext()
  const { value, loading } = useSnapshot(balance)
  useEffect(() => {
    if (refresh) void refreshBalance()
  }, [refresh])
  return (
    <p role="status" aria-busy={loading || undefined} className="rounded-xl bg-surface-2 px-3 py-2 text-sm font-medium text-fg" data-testid="modal-balance">
      {LL.commentMoney.balance({ balance: value })}
    </p>
  )
}

/** Not enough coins (SPEC.md section 2): the balance, a top-up link to the app store, and back. */
export function openNotEnoughCoins(LL: LLType, price: number, onBack: () => void = closeModal) {
  openModal({
    modalId: 'not-enough-coins',
    title: LL.commentMoney.notEnoughTitle(),
    description: LL.commentMoney.notEnoughText({ price }),
    attention: true,
    body: (
      <>
        <BalanceLine refresh />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onBack}>
            {LL.commentMoney.back()}
          </Button>
          <a className={buttonVariants({ variant: 'primary' })} href={storeLink()}>
            {LL.commentMoney.topUp()}
          </a>
        </div>
      </>
    ),
  })
}

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
