/**
 * The lazy part of the real-user metrics (src/lib/vitals.ts decides whether a page load
 * reports and loads this): LCP, INP and CLS from web-vitals, batched and sent to
 * `POST /api/v6/vitals` (contract/api/vitals.ts) when the page is hidden or left.
 */
import { onCLS, onINP, onLCP } from 'web-vitals'
import { ROUTE_PATTERN } from '@contract/analytics'
import { currentRoutePattern } from './analytics'
import { APP_VERSION, CLIENT_VERSION_HEADER } from './app-version'

/** What the web app keeps of a web-vitals metric: its name, value and rating. */
export interface VitalMetric {
  name: string
  value: number
  rating: string
}

/** One value as `POST /api/v6/vitals` takes it (zod is not loaded for it here). */
export interface VitalReport {
  name: string
  value: number
  rating: string
  route: string
}

/** The server's batch limit (VITALS_MAX_BATCH). */
const MAX_BATCH = 10

type Router = Parameters<typeof currentRoutePattern>[0]

/**
 * Sends values in batches of at most ten: `POST /api/v6/vitals`, JSON, with the app's
 * version and nothing about who (no token). A `keepalive` request outlives the page it
 * leaves; a failure changes nothing for the user.
 */
export function sendVitals(reports: readonly VitalReport[]): void {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' }
  if (APP_VERSION) headers[CLIENT_VERSION_HEADER] = APP_VERSION
  for (let i = 0; i < reports.length; i += MAX_BATCH) {
    const body = JSON.stringify({ metrics: reports.slice(i, i + MAX_BATCH) })
    try {
      void fetch('/api/v6/vitals', { method: 'POST', keepalive: true, headers, body }).catch(() => undefined)
    } catch {
      // A browser that refuses the request (keepalive quota) loses these values, nothing else.
    }
  }
}

/**
 * Collects values and sends what it holds when flushed. A value is kept only with a
 * route pattern: a path with digits may carry a phone number.
 */
export function createVitalsBatch(send: (reports: VitalReport[]) => void = sendVitals) {
  let queue: VitalReport[] = []
  return {
    add(metric: VitalMetric, route: string | null): void {
      if (!route || /\d/.test(route) || !ROUTE_PATTERN.test(route)) return
      if (!Number.isFinite(metric.value) || metric.value < 0) return
      // Milliseconds to the millisecond; the layout-shift score to four places.
      const value = metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value)
      queue.push({ name: metric.name, value, rating: metric.rating, route })
    },
    flush(): void {
      if (!queue.length) return
      const reports = queue
      queue = []
      send(reports)
    },
  }
}

/**
 * Reports this page load's LCP (with the route it was loaded on: LCP is final at the
 * first click or key, which may leave it), and INP and CLS (with the route on screen when
 * they are final, the page hidden). The batch is sent on `visibilitychange` to hidden and
 * on `pagehide`, from listeners added after web-vitals' own, which capture on the window
 * and so run first: the final values are in the batch.
 */
export function reportVitals(router: Router, batch = createVitalsBatch()): void {
  const landing = currentRoutePattern(router)
  onLCP((m) => batch.add(m, landing))
  onINP((m) => batch.add(m, currentRoutePattern(router)))
  onCLS((m) => batch.add(m, currentRoutePattern(router)))
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') batch.flush()
  })
  addEventListener('pagehide', () => batch.flush())
}
