import { useEffect, useState } from 'react'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { openNotEnoughCoins } from '@/components/modals/not-enough-coins'
import { isInsufficientCoins } from '@/lib/insufficient-coins'
import { refreshBalance } from '@/lib/use-balance'
import { cn } from '@/lib/cn'
import { balance, setBalance } from '@/stores/balance'
import { notifyAttention } from '@/stores/notification'
import { IconArrowUp } from '@/components/ui/action-icons'
import { COMMENT_UP_COST, upComment } from '../api/up-comment'

interface Props {
  target: { comment_id?: number; thread_id?: number }
  count: number
  pressed: boolean
  /** After a comment-up: the list re-ranks. */
  onUpped: () => void | Promise<void>
  onError: () => void
}

/**
 * Comment-up (SPEC.md section 4): spends COMMENT_UP_COST coins to move someone else's
 * comment up. A short balance, known here or told by the server (402), opens the
 * not-enough-coins modal instead.
 */
export function CommentUpButton({ target, count, pressed, onUpped, onError }: Props) {
  const { LL } = useI18nContext()
  const [state, setState] = useState({ count, pressed })
  useEffect(() => setState({ count, pressed }), [count, pressed])

  const up = useSWRMutation(
    ['up-comment', target],
    async () => {
      // A stored balance may be stale: check with the server before refusing.
      if (balance.value < COMMENT_UP_COST) await refreshBalance()
      if (balance.value < COMMENT_UP_COST) return openNotEnoughCoins(LL, COMMENT_UP_COST)
      const r = await upComment(target)
      setState({ count: r.commentUps, pressed: r.hasCommentUp })
      if (r.balance !== null) setBalance(r.balance)
      notifyAttention(LL.commentMoney.upDone())
      void refreshBalance()
      await onUpped()
    },
    {
      throwOnError: false,
      onError: (e) => {
        if (isInsufficientCoins(e)) {
          void refreshBalance()
          openNotEnoughCoins(LL, COMMENT_UP_COST)
        } else onError()
      },
    },
  )
  const busy = up.isMutating

  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={state.pressed}
      aria-busy={busy || undefined}
      disabled={busy}
      title={LL.commentMoney.upHint({ cost: COMMENT_UP_COST })}
      onClick={() => void up.trigger()}
      className={cn(state.pressed && 'text-primary')}
      data-testid="comment-up"
    >
      <IconArrowUp />
      {LL.commentMoney.up({ count: state.count })}{' '}
      <span className="rounded-full bg-warning/15 px-2 text-xs text-fg">{LL.commentMoney.upCost({ cost: COMMENT_UP_COST })}</span>
    </Button>
  )
}
