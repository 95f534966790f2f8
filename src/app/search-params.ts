import * as z from 'zod/mini'

/** The typed search params every route accepts; a bad value falls back instead of throwing. */
// zod/mini: the same schemas at a fraction of the size, since these load with the first page.
const optional = <T extends z.core.$ZodType>(schema: T) => z.catch(z.optional(schema), undefined)

export const globalSearch = z.object({
  tab: optional(z.string().check(z.maxLength(32))),
  number: optional(z.string().check(z.regex(/^\+?\d{0,20}$/))),
  theme: optional(z.enum(['light', 'dark'])),
  banner: optional(z.enum(['0', '1'])),
  key: optional(z.string().check(z.maxLength(4096))),
})
export type GlobalSearch = z.infer<typeof globalSearch>

/** The router reads `?settings=1` as the number 1: our params are all strings. */
export function stringValues(search: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(search).map(([k, v]) => [k, typeof v === 'number' || typeof v === 'boolean' ? String(v) : v]))
}

export function validateGlobalSearch(search: Record<string, unknown>): GlobalSearch {
  return globalSearch.parse(stringValues(search))
}
