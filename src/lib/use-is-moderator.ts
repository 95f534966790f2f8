import { useMyProfile } from './use-my-profile'

/**
 * Whether the signed-in user may moderate (moderator or admin), from their own profile
 * (the one SWR entry every reader of it shares). `undefined` while it is not known yet.
 */
export function useIsModerator() {
  const me = useMyProfile()
  const role = me.data?.role
  return {
    isModerator: role === undefined ? undefined : role === 'moderator' || role === 'admin',
    error: me.error as unknown,
    retry: () => void me.mutate(),
  }
}
