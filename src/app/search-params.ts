import { z } from 'zod'

/** The typed search params every route accepts; a bad value falls back instead of throwing. */
export const globalSearch = z.object({
  tab: z.string().max(32).optional().catch(undefined),
  number: z
    .string()
    .regex(/^\+?\d{0,20}$/)
    .optional()
    .catch(undefined),
  theme: z.enum(['light', 'dark']).optional().catch(undefined),
  banner: z.enum(['0', '1']).optional().catch(undefined),
  key: z.string().max(4096).optional().catch(undefined),
})
export type GlobalSearch = z.infer<typeof globalSearch>

/** The router reads `?settings=1` as the number 1: our params are all strings. */
export function stringValues(search: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(search).map(([k, v]) => [k, typeof v === 'number' || typeof v === 'boolean' ? String(v) : v]))
}

export function validateGlobalSearch(search: Record<string, unknown>): GlobalSearch {
  return globalSearch.parse(stringValues(search))
}
