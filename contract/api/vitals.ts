/**
 * Real-user metrics (issue 13): what a sampled page load measured of its own speed, sent
 * by the web app (src/lib/vitals.ts) when the page is hidden. Nothing about who.
 */
import { z } from 'zod'
import { routePattern } from './route-pattern'

/** The Core Web Vitals the web app reports: Largest Contentful Paint, Interaction to Next Paint, Cumulative Layout Shift. */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS'] as const
export type VitalName = (typeof VITAL_NAMES)[number]
/** web-vitals' own verdict against the thresholds of web.dev. */
export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const
export type VitalRating = (typeof VITAL_RATINGS)[number]

/** The most one page load may send at once. */
export const VITALS_MAX_BATCH = 10
/** LCP and INP are milliseconds: two minutes is no page anybody waited for. */
export const VITAL_MAX_MS = 120_000
/** CLS is a unitless score, well under 1 on any page worth measuring. */
export const VITAL_MAX_CLS = 100

export const vitalEntry = z
  .object({
    name: z.enum(VITAL_NAMES, { error: `must be one of ${VITAL_NAMES.join(', ')}` }),
    value: z
      .number({ error: 'must be a finite number' })
      .min(0, 'must be 0 or more')
      .max(VITAL_MAX_MS, `must be at most ${VITAL_MAX_MS} (milliseconds)`),
    rating: z.enum(VITAL_RATINGS, { error: `must be one of ${VITAL_RATINGS.join(', ')}` }),
    route: routePattern,
  })
  .refine((e) => e.name !== 'CLS' || e.value <= VITAL_MAX_CLS, { message: `CLS must be at most ${VITAL_MAX_CLS}`, path: ['value'] })
export type VitalEntry = z.infer<typeof vitalEntry>

/** `POST /api/v6/vitals` (JSON): 1 to 10 values of one page load, stored with the time and nothing else. */
export const vitalsBody = z.object({
  metrics: z.array(vitalEntry).min(1, 'must hold at least one value').max(VITALS_MAX_BATCH, `must hold at most ${VITALS_MAX_BATCH} values`),
})
export type VitalsBody = z.infer<typeof vitalsBody>
