import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { LIMITS } from '@contract/constants'
import { auth } from '@/stores/auth'
import { balance, setBalance } from '@/stores/balance'

const atLeast = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The balance loader shows for at least 750 ms so it never flickers (SPEC.md section 9). */
export async function fetchBalance(): Promise<number> {
  const [value] = await Promise.all([import('./get-balance').then((m) => m.getBalance()), atLeast(LIMITS.balanceLoaderMinMs)])
  return value
}

let inFlight: Promise<void> | null = null

/** Refreshes the persisted balance from the server; concurrent callers share one request. */
export function refreshBalance(): Promise<void> {
  inFlight ??= (async () => {
    balance.loading = true
    try {
      setBalance(await fetchBalance())
    } catch {
      // Shown as it was; the next need fetches again.
    } finally {
      balance.loading = false
      inFlight = null
    }
  })()
  return inFlight
}

/**
 * The coin balance: kept in the persisted store; fetched when it is needed (`active`)
 * or when it is below 1 for a signed-in user (SPEC.md section 4).
 */
export function useBalance(active: boolean) {
  const { isAuthenticated } = useSnapshot(auth)
  const { value, loading } = useSnapshot(balance)
  const shouldFetch = isAuthenticated && (active || value < 1)
  useEffect(() => {
    if (shouldFetch) void refreshBalance()
  }, [shouldFetch])
  return { balance: value, loading }
}
