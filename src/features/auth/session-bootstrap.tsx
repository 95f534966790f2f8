import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { auth, rememberProfile } from '@/stores/auth'
import { theme } from '@/stores/theme'

/** SPEC.md section 4: a signed-in user whose profile id is unknown (0) has it requested. */
export function SessionBootstrap() {
  const { isAuthenticated, profileId } = useSnapshot(auth)
  const { locale } = useSnapshot(theme)
  useEffect(() => {
    if (!isAuthenticated || profileId) return
    // Loaded on demand: the API client and its schemas are not needed to paint the first page.
    import('@/lib/get-my-profile')
      .then(({ getMyProfile }) => getMyProfile(locale))
      .then(rememberProfile)
      .catch(() => undefined)
  }, [isAuthenticated, profileId, locale])
  return null
}
