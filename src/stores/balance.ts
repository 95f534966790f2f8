import { proxy, subscribe } from 'valtio'
import { storage, STORAGE_KEYS as K } from '@/lib/storage'

/** The coin balance (SPEC.md section 3): a number, persisted. */
export const balance = proxy({ value: Number(storage.get(K.balance) ?? 0) || 0, loading: false })

subscribe(balance, () => storage.set(K.balance, String(balance.value)))

export function setBalance(value: number) {
  balance.value = value
}
