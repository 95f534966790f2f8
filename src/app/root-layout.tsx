import { lazy, Suspense, useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { getRouteApi, Outlet, useRouterState } from '@tanstack/react-router'
import { AppShell } from '@/components/layout/app-shell'
import { GlobalOverlays } from '@/components/layout/global-overlays'
import { auth } from '@/stores/auth'
import { setTheme } from '@/stores/theme'
import { NotificationBell } from '@/features/notifications/components/notification-bell'

const rootRoute = getRouteApi('__root__')
// Page views and real-user metrics (app/page-reports.tsx): loaded once the first render is under way.
const PageReports = lazy(() => import('./page-reports'))
// Signed in only, and nothing to draw: it loads (with the own profile's hook) once the first render is under way.
const SessionBootstrap = lazy(() => import('@/features/auth/session-bootstrap').then((m) => ({ default: m.SessionBootstrap })))

/**
 * The root route's component (routes/root.tsx): the overlays, the header and footer around every
 * page, and what the app does on every page. Its own chunk, which the router loads with the first
 * page's code before the first render (ADR 0057).
 */
export function RootLayout() {
  const { theme } = rootRoute.useSearch()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const { isAuthenticated } = useSnapshot(auth)
  useEffect(() => {
    if (theme) setTheme(theme)
  }, [theme])
  // The sky-tinted background belongs to every screen but the settings (SPEC.md section 4).
  useEffect(() => {
    document.body.classList.toggle('skyblue', !pathname.startsWith('/settings'))
  }, [pathname])
  return (
    <GlobalOverlays>
      <AppShell bell={<NotificationBell />}>
        <Suspense fallback={null}>
          <PageReports />
        </Suspense>
        {isAuthenticated && (
          <Suspense fallback={null}>
            <SessionBootstrap />
          </Suspense>
        )}
        <Outlet />
      </AppShell>
    </GlobalOverlays>
  )
}
