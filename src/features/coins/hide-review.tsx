import useSWRMutation from 'swr/mutation'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import type { TranslationFunctions as LLType } from '@i18n/i18n-types'
import { LIMITS } from '@contract/constants'
import { BalanceLine, openNotEnoughCoins } from '@/components/modals/not-enough-coins'
import { Button } from '@/components/ui/button'
import { isInsufficientCoins } from '@/lib/insufficient-coins'
import { refreshBalance } from '@/lib/use-balance'
import { balance, setBalance } from '@/stores/balance'
import { openModal } from '@/stores/modal'
import { openHideError, openHideSuccess } from './hide-modals'
import { hideComment } from './api/hide-comment'

export interface HideRequest {
  /** The review to hide. */
  commentId: number
  /** After a successful hide: the list and the page change. */
  onHidden: () => void | Promise<void>
  /** The options' other way: a complaint about the review (another feature, wired in by the page). */
  onComplain: () => void
}

/**
 * The hide flow of SPEC.md section 4: balance at least 10 → hide call; success refreshes
 * the balance and shows the success modal; failure shows the error modal; under 10 →
 * not enough coins (its back button returns to the options).
 */
export async function hideReview(LL: LLType, request: HideRequest): Promise<void> {
  const price = LIMITS.hideReviewPrice
  const back = () => openHideOptions(LL, request)
  if (balance.loading) await refreshBalance()
  if (balance.value < price) return openNotEnoughCoins(LL, price, back)
  try {
    const result = await hideComment(request.commentId)
    setBalance(result.balance)
    openHideSuccess(LL)
    void refreshBalance()
    await request.onHidden()
  } catch (e) {
    if (isInsufficientCoins(e)) {
      void refreshBalance()
      openNotEnoughCoins(LL, price, back)
    } else openHideError(LL, e)
  }
}

function HideOptions({ request }: { request: HideRequest }) {
  const { LL } = useI18nContext()
  const { loading } = useSnapshot(balance)
  // hideReview says every outcome in a modal of its own.
  const hide = useSWRMutation(['hide-review', request.commentId], () => hideReview(LL, request))
  const pending = hide.isMutating
  return (
    <>
      <BalanceLine refresh />
      <div className="flex flex-col gap-2">
        <Button disabled={pending || loading} aria-busy={pending || loading || undefined} onClick={() => void hide.trigger()}>
          {pending ? LL.commentMoney.hiding() : LL.commentMoney.hideForCoins({ price: LIMITS.hideReviewPrice })}
        </Button>
        <Button variant="secondary" disabled={pending} onClick={request.onComplain}>
          {LL.commentMoney.complain()}
        </Button>
      </div>
    </>
  )
}

/** Hide options (SPEC.md section 2): hide for 10 coins a month (with the balance), or file a complaint. */
export function openHideOptions(LL: LLType, request: HideRequest) {
  openModal({
    modalId: 'hide-options',
    title: LL.commentMoney.hideOptionsTitle(),
    description: LL.commentMoney.hideOptionsText({ price: LIMITS.hideReviewPrice }),
    body: <HideOptions request={request} />,
  })
}
