import { createRootRoute, lazyRouteComponent } from '@tanstack/react-router'
import { validateGlobalSearch } from '@/app/search-params'
import { setApk } from '@/stores/apk'
import { auth } from '@/stores/auth'

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
  // The layout around every page (app/root-layout.tsx) loads as every route's page does: beside the page's code,
  // before the first render, not in the first-load chunk (ADR 0057).
  component: lazyRouteComponent(() => import('@/app/root-layout'), 'RootLayout'),
})
