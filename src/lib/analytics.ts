import { useEffect } from 'react'
import { useRouter } from '@tanstack/react-router'
import { ROUTE_PATTERN, type AnalyticsKind } from '@contract/analytics'
import { theme } from '@/stores/theme'
import { APP_VERSION, CLIENT_VERSION_HEADER } from './app-version'

export type { AnalyticsKind }

/** SPEC.md section 4: analytics is disabled unless the language is ru-RU. */
export const ANALYTICS_LOCALE = 'ru-RU'

/**
 * Counts a page view or a search: `POST /api/v6/analytics` with the kind, the route's
 * pattern (`/number/$phoneNumber`, never the number) and the language; nothing about who,
 * so no token goes with it. Fire and forget: a `keepalive` request outlives the page, and
 * a failure changes nothing for the user. Answers whether a count was sent.
 */
export function track(kind: AnalyticsKind, route: string): boolean {
  const locale = theme.locale
  if (locale !== ANALYTICS_LOCALE) return false
  // A pattern has no digits; a path that has them may carry a phone number or an id.
  if (/\d/.test(route)) return false
  // The server's schema (contract/api/privacy.ts) says the same; zod is not loaded for it here.
  if (!ROUTE_PATTERN.test(route)) return false
  const headers: Record<string, string> = { accept: 'application/json' }
  if (APP_VERSION) headers[CLIENT_VERSION_HEADER] = APP_VERSION
  try {
    void fetch('/api/v6/analytics', { method: 'POST', keepalive: true, headers, body: new URLSearchParams({ kind, route, locale }) }).catch(
      () => undefined,
    )
  } catch {
    return false
  }
  return true
}

interface Match {
  routeId: string
  fullPath: string
}

/** The pattern of the innermost route matched (`/number/$phoneNumber`), or null when only the root matched (not found). */
export function routePattern(matches: readonly Match[]): string | null {
  const leaf = matches.at(-1)
  if (!leaf || leaf.routeId === '__root__') return null
  return leaf.fullPath || '/'
}

/** The route pattern of the page on screen. */
export function currentRoutePattern(router: { state: { matches: readonly Match[] } }): string | null {
  return routePattern(router.state.matches)
}

let lastCounted: unknown = null

/**
 * Counts a page view each time the router resolves a new path (search parameters alone
 * are no new page), including the first page, which may have resolved before this ran.
 */
export function usePageViews() {
  const router = useRouter()
  useEffect(() => {
    const view = () => {
      const location = router.state.resolvedLocation
      // Once per resolved location, also when an effect runs twice.
      if (!location || location === lastCounted) return
      lastCounted = location
      const pattern = currentRoutePattern(router)
      if (pattern) track('pageview', pattern)
    }
    if (router.state.status === 'idle') view()
    return router.subscribe('onResolved', (event) => {
      if (event.pathChanged || !event.fromLocation) view()
    })
  }, [router])
}
