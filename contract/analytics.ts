/**
 * What an analytics count may carry (SPEC.md section 4; docs/decisions/0016): without zod,
 * so the web app checks it on every page without loading the schemas.
 */
export const ANALYTICS_KINDS = ['pageview', 'search'] as const
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number]

/** A route pattern (`/number/$phoneNumber`), not an address: letters, digits, `_ - / $`, at most 80 characters. */
export const ROUTE_PATTERN = /^\/[A-Za-z0-9_\-/$]{0,79}$/
