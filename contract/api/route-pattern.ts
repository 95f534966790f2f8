import { z } from 'zod'
import { ROUTE_PATTERN } from '../analytics'

/**
 * A route pattern in a report from the web app (analytics, real-user metrics), never the
 * address: `/number/$phoneNumber`, `/search`. Five digits in a row look like a number and are refused.
 */
export const routePattern = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(ROUTE_PATTERN, 'must be a route pattern')
  .refine((s) => !/\d{5}/.test(s), 'must be a route pattern, not an address with a number in it')
