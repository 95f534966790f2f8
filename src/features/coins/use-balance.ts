import { useEffect } from 'react'
import useSWR from 'swr'
import { useSnapshot } from 'valtio'
import { LIMITS } from '@contract/constants'
import { auth } from '@/stores/auth'
import { balance, setBalance } from '@/stores/balance'

const atLeast = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The balance loader shows for at least 750 ms so it never flickers (SPEC.md section 9). */
export async function fetchBalance(): Promise<number> {
  const [balance] = await Promise.all([import('./get-balance').then((m) => m.getBalance()), atLeast(LIMITS.balanceLoaderMinMs)])
  return balance
}

/**
 * The coin balance: kept in the persisted store; fetched when it is needed (`active`)
 * or when it is below 1 for a signed-in user (SPEC.md section 4).
 */
export function useBalance(active: boolean) {
  const { isAuthenticated } = useSnapshot(auth)
  const { value } = useSnapshot(balance)
  const shouldFetch = isAuthenticated && (active || value < 1)
  const { data, isLoading } = useSWR(shouldFetch ? 'balance' : null, fetchBalance)
  useEffect(() => {
    if (typeof data === 'number') setBalance(data)
  }, [data])
  return { balance: typeof data === 'number' ? data : value, loading: isLoading }
}
