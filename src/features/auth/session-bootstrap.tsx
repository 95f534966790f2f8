import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { auth, rememberProfile } from '@/stores/auth'
import { useMyProfile } from '@/lib/use-my-profile'

/**
 * SPEC.md section 4: a signed-in user whose profile id is unknown (0) has it requested. Through the
 * own profile's SWR key, which the header uses and the root route asks for before the first render
 * (app/first-data/preload.ts): the same answer, never a second request.
 */
export function SessionBootstrap() {
  const { profileId } = useSnapshot(auth)
  const me = useMyProfile()
  useEffect(() => {
    if (me.data && !profileId) rememberProfile(me.data)
  }, [me.data, profileId])
  return null
}
