import useSWR from 'swr'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { auth } from '@/stores/auth'
import { getMyProfile } from './get-my-profile'

/**
 * Whether the signed-in user may moderate (moderator or admin), from their own profile
 * (shared SWR key with the other readers of it). `undefined` while it is not known yet.
 */
export function useIsModerator() {
  const { locale } = useI18nContext()
  const { isAuthenticated } = useSnapshot(auth)
  const me = useSWR(isAuthenticated ? ['me', locale] : null, () => getMyProfile(locale))
  const role = me.data?.role
  return {
    isModerator: role === undefined ? undefined : role === 'moderator' || role === 'admin',
    error: me.error as unknown,
    retry: () => void me.mutate(),
  }
}
