/**
 * The SWR keys of the pages' data, written once: the pages' own `useSWR`, the route loaders that
 * ask for the same data before the first render (app/first-data, ADR 0045) and the changes that
 * refresh it all use these. A key spelled differently in two places would ask twice.
 */

/** A number's page (`GET /api/v202505/search/{digits}`), in the language of its texts. */
export const numberPageKey = (query: string, locale: string) => ['number', query, locale] as const
/** A user's number page by profile id: under 'number' too, so a change on a number refreshes it. */
export const profilePageKey = (profileId: string, locale: string) => ['number', `profile:${profileId}`, locale] as const
/** Number pages (profile pages too): after a change on a number, every cached page of it is revalidated through this test. */
export const isNumberPageKey = (key: unknown): boolean => Array.isArray(key) && key[0] === 'number'

/** The search page's lists (`GET /api/v202305/main/load`), with the searches left. */
export const mainDataKey = (locale: string) => ['main', locale] as const
/** The search page's lists in any language: a look-up or a payment changes the searches left. */
export const isMainDataKey = (key: unknown): boolean => Array.isArray(key) && key[0] === 'main'

/** The user's last searches (`GET /api/v6/history/list`). */
export const HISTORY_KEY = 'history'
