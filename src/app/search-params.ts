/**
 * Typed search params: each route declares its params as small parsers; a bad or
 * missing value falls back to undefined instead of throwing.
 *
 * Not zod: these load with the first page, and any zod import there (even zod/mini)
 * pulls zod's shared core, about 15 kB gzip, into the initial bundle. Five string
 * checks do not need it; API shapes still go through the zod contract.
 */
import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router'

type Param<T> = (value: unknown) => T | undefined

/**
 * The address's query as the router reads and writes it. Every param of the app is a string:
 * written as it is (`?number=491637875622`), not as the router's default JSON (`?number=%22…%22`,
 * quotes in the address bar). A value in quotes, as links made with that default have it, still
 * reads as the string inside.
 */
export const parseSearch = parseSearchWith((value) =>
  value.length > 1 && value.startsWith('"') && value.endsWith('"') ? (JSON.parse(value) as unknown) : value,
)
export const stringifySearch = stringifySearchWith(String)

/** The router reads `?settings=1` as the number 1: our params are all strings. */
function asString(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return typeof value === 'string' ? value : undefined
}

export const param = {
  string:
    (maxLength: number, pattern?: RegExp): Param<string> =>
    (value) => {
      const s = asString(value)
      return s !== undefined && s.length <= maxLength && (!pattern || pattern.test(s)) ? s : undefined
    },
  oneOf:
    <const T extends readonly string[]>(values: T): Param<T[number]> =>
    (value) => {
      const s = asString(value)
      return s !== undefined && (values as readonly string[]).includes(s) ? (s as T[number]) : undefined
    },
}

export type SearchOf<S extends Record<string, Param<unknown>>> = { [K in keyof S]?: Exclude<ReturnType<S[K]>, undefined> }

/** A route's `validateSearch`: keeps the declared params that parse, drops everything else. */
export function searchSchema<S extends Record<string, Param<unknown>>>(shape: S): (search: Record<string, unknown>) => SearchOf<S> {
  return (search) => {
    const out: Record<string, unknown> = {}
    for (const [key, parse] of Object.entries(shape)) {
      const value = parse(search[key])
      if (value !== undefined) out[key] = value
    }
    return out as SearchOf<S>
  }
}

/** The search params every route accepts (tab, number, theme, banner, key, apk). */
export const validateGlobalSearch = searchSchema({
  tab: param.string(32),
  number: param.string(21, /^\+?\d{0,20}$/),
  theme: param.oneOf(['light', 'dark']),
  banner: param.oneOf(['0', '1']),
  key: param.string(4096),
  /** `1` enters APK mode, `0` leaves it (DESIGN.md section 8). */
  apk: param.oneOf(['0', '1']),
})
export type GlobalSearch = ReturnType<typeof validateGlobalSearch>
