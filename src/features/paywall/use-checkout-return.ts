import { useEffect, useRef, useState } from 'react'
import { useSWRConfig } from 'swr'
import { LIMITS } from '@contract/constants'
import { refreshBalance } from '@/lib/use-balance'
import { isMyProfileKey } from '@/lib/use-my-profile'
import { isMainDataKey } from '@/lib/page-keys'
import { clearCheckoutReturn, readCheckoutReturn } from './checkout-return'
import { SUBSCRIPTION_KEY } from './keys'

export type CheckoutReturnState = 'none' | 'refreshing' | 'done'

/**
 * Back from a checkout (Stripe's `session_id`, or the development page's marker): the
 * provider's confirmation may trail the browser, so the plan, the balance, the own profile
 * and the search limits are fetched again 5 s later (SPEC.md sections 4 and 9) and show
 * without a reload. `onDone` runs after that refresh (the page drops `session_id` then).
 */
export function useCheckoutReturn(sessionId: string | undefined, onDone?: () => void): CheckoutReturnState {
  const [returning] = useState(() => Boolean(sessionId) || readCheckoutReturn() !== null)
  const [state, setState] = useState<CheckoutReturnState>(returning ? 'refreshing' : 'none')
  const { mutate } = useSWRConfig()
  // Read when the timer fires: a new callback on each render must not restart the wait.
  const done = useRef(onDone)
  useEffect(() => {
    done.current = onDone
  }, [onDone])
  useEffect(() => {
    if (!returning) return
    clearCheckoutReturn()
    const timer = window.setTimeout(() => {
      void Promise.allSettled([mutate(SUBSCRIPTION_KEY), mutate(isMyProfileKey), mutate(isMainDataKey), refreshBalance()]).then(() => {
        setState('done')
        done.current?.()
      })
    }, LIMITS.subscriptionRefreshDelayMs)
    return () => window.clearTimeout(timer)
  }, [returning, mutate])
  return state
}
