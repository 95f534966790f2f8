import { lazy, Suspense, useState } from 'react'
import { useSnapshot } from 'valtio'
import { auth } from '@/stores/auth'
import { BellButton } from './bell-button'

// The live bell (its count from use-notifications.ts) and the inbox (its API client, zod, phone formatting, the dialog) loads after the page has painted.
const LiveBell = lazy(() => import('./live-bell'))

/** The header's bell, signed in only: the unread count, opening the inbox (DESIGN.md section 9). */
export function NotificationBell() {
  const { isAuthenticated } = useSnapshot(auth)
  // A press before the inbox code has loaded opens it once it has.
  const [wanted, setWanted] = useState(false)
  if (!isAuthenticated) return null
  return (
    <Suspense fallback={<BellButton unread={0} aria-expanded={wanted} onClick={() => setWanted(true)} />}>
      <LiveBell openAtOnce={wanted} />
    </Suspense>
  )
}
