import { useEffect } from 'react'
import { Link } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import type { TranslationFunctions as LLType } from '@i18n/i18n-types'
import { Button, buttonVariants } from '@/components/ui/button'
import { refreshBalance } from '@/lib/use-balance'
import { balance } from '@/stores/balance'
import { closeModal, openModal } from '@/stores/modal'

/** The viewer's coin balance as the store has it; `refresh` fetches it when the line appears. */
export function BalanceLine({ refresh = false }: { refresh?: boolean }) {
  const { LL } = useI18nContext()
  const { value, loading } = useSnapshot(balance)
  useEffect(() => {
    if (refresh) void refreshBalance()
  }, [refresh])
  return (
    <p
      role="status"
      aria-busy={loading || undefined}
      className="rounded-xl bg-surface-2 px-3 py-2 text-sm font-medium text-fg"
      data-testid="modal-balance"
    >
      {LL.commentMoney.balance({ balance: value })}
    </p>
  )
}

/**
 * Not enough coins (SPEC.md section 2): the balance, a top-up link and back. Coins are
 * bought on the web now (DESIGN.md section 8), so the top-up opens the coin packs.
 */
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
          <Link to="/paywall/numcy" className={buttonVariants({ variant: 'primary' })} onClick={() => closeModal()}>
            {LL.commentMoney.topUp()}
          </Link>
        </div>
      </>
    ),
  })
}
