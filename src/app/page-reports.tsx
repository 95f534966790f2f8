import { usePageViews } from '@/lib/analytics'
import { useVitals } from '@/lib/vitals'

/**
 * What the app reports of the pages it shows: page views, in ru-RU only and by route pattern
 * (lib/analytics.ts), and the LCP, INP and CLS of the sampled page loads (lib/vitals.ts). The root
 * route loads it beside the first render, not in the first load: page views count the page found on
 * screen, and web-vitals' observers are buffered, so neither misses what came before it.
 */
export default function PageReports() {
  usePageViews()
  useVitals()
  return null
}
