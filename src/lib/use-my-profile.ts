import useSWR from 'swr'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { auth } from '@/stores/auth'
import { STORAGE_KEYS as K } from './storage'
import { useStoredAnswer } from './stored-answers'
import type { getMyProfile } from './get-my-profile'

/** The SWR key of the own profile (`GET /api/v6/profile/my`): its plan, overlimit and number. */
export const myProfileKey = (locale: string) => ['me', locale] as const
export const isMyProfileKey = (key: unknown): boolean => Array.isArray(key) && key[0] === 'me'

/**
 * The signed-in user's own profile, shared by every screen that needs the plan or the
 * overlimit flag. Its API client loads on demand: the app frame uses this too, and the
 * first page must paint without zod.
 */
export function useMyProfile() {
  const { isAuthenticated } = useSnapshot(auth)
  const { locale } = useI18nContext()
  const key = isAuthenticated ? myProfileKey(locale) : null
  return useSWR(
    key,
    () => import('./get-my-profile').then((m) => m.getMyProfile(locale)),
    useStoredAnswer<Awaited<ReturnType<typeof getMyProfile>>>(K.profile, key),
  )
}
