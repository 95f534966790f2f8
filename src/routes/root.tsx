import { useEffect } from 'react'
import { createRootRoute, Outlet, useRouterState } from '@tanstack/react-router'
import { AppShell } from '@/components/layout/app-shell'
import { GlobalOverlays } from '@/components/layout/global-overlays'
import { validateGlobalSearch } from '@/app/search-params'
import { usePageViews } from '@/lib/analytics'
import { useVitals } from '@/lib/vitals'
import { setApk } from '@/stores/apk'
import { auth } from '@/stores/auth'
import { setTheme } from '@/stores/theme'
import { SessionBootstrap } from '@/features/auth/session-bootstrap'
import { NotificationBell } from '@/features/notifications/components/notification-bell'

export const Route = createRootRoute({
  validateSearch: validateGlobalSearch,
  // Before any child route's redirect: `/payment?apk=1` already redirects as the APK does.
  beforeLoad: ({ search }) => {
    if (search.apk) setApk(search.apk === '1')
  },
  // The header's data, asked for as the app starts rather than by its first render (ADR 0045). Not
  // in the first-load chunk: the API clients it needs load with it.
  loader: ({ cause }) => {
    if (cause === 'enter' && auth.isAuthenticated) void import('@/app/first-data/preload').then(({ preloadFrame }) => preloadFrame())
  },
  component: Root,
})

function Root() {
  const { theme } = Route.useSearch()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  // Counted only in ru-RU, by route pattern (src/lib/analytics.ts).
  usePageViews()
  // LCP, INP and CLS of the sampled page loads, by route pattern (src/lib/vitals.ts).
  useVitals()
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
        <SessionBootstrap />
        <Outlet />
      </AppShell>
    </GlobalOverlays>
  )
}
