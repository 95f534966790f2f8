import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { auth, rememberProfile } from '@/stores/auth'
import { theme } from '@/stores/theme'
import { getMyProfile } from '@/features/search/api/search-calls'

/** SPEC.md section 4: a signed-in user whose profile id is unknown (0) has it requested. */
export function SessionBootstrap() {
  const { isAuthenticated, profileId } = useSnapshot(auth)
  const { locale } = useSnapshot(theme)
  useEffect(() => {
    if (isAuthenticated && !profileId) getMyProfile(locale).then(rememberProfile).catch(() => undefined)
  }, [isAuthenticated, profileId, locale])
  return null
}
