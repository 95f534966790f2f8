import { useMemo } from 'react'
import { unstable_serialize, type Key } from 'swr'
import { useSnapshot } from 'valtio'
import { auth } from '@/stores/auth'
import { storage } from './storage'

/**
 * The answers SPEC.md section 9 keeps in local storage: the search page's lists (`mainData`),
 * the last searches (`history`) and the own profile (`profile`). Each is kept with its SWR key
 * (its language included) and the person's profile id, so the first screen of the next visit
 * shows it at once while SWR asks the server again; another key, another person or no session
 * reads nothing. Signing out removes them (stores/auth.ts).
 */
interface Stored {
  key: string
  profileId: number
  data: unknown
}

/** What local storage kept under `storageKey` for this SWR key and the signed-in person; undefined otherwise. */
export function storedAnswer<T>(storageKey: string, key: Key): T | undefined {
  return storedFor<T>(storageKey, unstable_serialize(key))
}

function storedFor<T>(storageKey: string, serialised: string): T | undefined {
  if (!auth.isAuthenticated || !auth.profileId) return undefined
  try {
    const stored = JSON.parse(storage.get(storageKey) ?? 'null') as Stored | null
    return stored && stored.key === serialised && stored.profileId === auth.profileId ? (stored.data as T) : undefined
  } catch {
    return undefined
  }
}

/** Keeps a new answer for the signed-in person. */
export function keepAnswer(storageKey: string, key: Key, data: unknown): void {
  keep(storageKey, unstable_serialize(key), data)
}

function keep(storageKey: string, serialised: string, data: unknown): void {
  if (!auth.isAuthenticated || !auth.profileId || data === undefined) return
  storage.set(storageKey, JSON.stringify({ key: serialised, profileId: auth.profileId, data } satisfies Stored))
}

/** useSWR options that start from the stored answer and keep each new one; the server is always asked again on mount. */
export function useStoredAnswer<T>(storageKey: string, key: Key) {
  const { profileId, isAuthenticated } = useSnapshot(auth)
  const serialised = unstable_serialize(key)
  return useMemo(
    () => ({
      fallbackData: isAuthenticated && profileId ? storedFor<T>(storageKey, serialised) : undefined,
      revalidateOnMount: true,
      onSuccess: (data: T) => keep(storageKey, serialised, data),
    }),
    [storageKey, serialised, profileId, isAuthenticated],
  )
}
