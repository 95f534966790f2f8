import { useEffect } from 'react'
import { useRouter } from '@tanstack/react-router'
import { config } from './config'

/** Whether this page load reports: `rate` (0 to 1, the server's VITALS_SAMPLE_RATE) of them do; none without one. */
export function isSampled(rate: number | undefined, random: () => number = Math.random): boolean {
  return typeof rate === 'number' && rate > 0 && random() < rate
}

let started = false

/**
 * Real-user metrics (issue 13): decides once per page load whether it reports its LCP,
 * INP and CLS, and if so loads the reporter (./vitals-reporter.ts, with web-vitals) when
 * the browser is first idle after the first render, so none of it is in the first
 * JavaScript; web-vitals' observers are buffered and still see what happened before.
 */
export function useVitals() {
  const router = useRouter()
  useEffect(() => {
    if (started) return
    started = true
    if (!isSampled(config.vitalsSampleRate)) return
    const begin = () =>
      void import('./vitals-reporter').then(
        (m) => m.reportVitals(router),
        () => undefined,
      )
    if (typeof requestIdleCallback === 'function') requestIdleCallback(begin, { timeout: 5000 })
    else setTimeout(begin, 1000)
  }, [router])
}
