import { preload, type Key } from 'swr'
import { getNumber } from '@/features/number/api/get-number'
import { getHistory } from '@/features/search/api/get-history'
import { getMainData } from '@/features/search/api/get-main-data'
import { translationLocale } from '@/lib/i18n'
import { auth } from '@/stores/auth'
import { theme } from '@/stores/theme'

/**
 * A page's first data asked for as its route loads, before its first render (issue 13): with the
 * same SWR key and fetcher as the page's own `useSWR`, which then takes the request under way
 * instead of making it. The requests start earlier, and not inside the render's commit (SWR starts
 * its requests in layout effects: 16 ms of `fetch` calls in that one task on a slow phone).
 * Only when the route is entered: a link's hover preloads the route's code, never its data (a
 * number's page is a search, counted against the daily limit).
 */
function firstData(key: Key, fetcher: () => Promise<unknown>): void {
  // The page's useSWR awaits the same promise and shows its error; this copy only keeps an
  // answer nobody waited for (the user went on) from being an unhandled rejection.
  void Promise.resolve(preload(key, fetcher)).catch(() => undefined)
}

/** The search page's lists (features/search/components/search-page.tsx). */
export function preloadSearchPage(): void {
  if (!auth.isAuthenticated) return
  const locale = theme.locale
  firstData(['main', locale], () => getMainData(locale))
  firstData('history', () => getHistory(10))
}

/** A number's page (app/number/number-page.tsx), in the language its texts will be in. */
export function preloadNumberPage(digits: string): void {
  if (!auth.isAuthenticated) return
  const locale = translationLocale(theme.locale)
  firstData(['number', digits, locale], () => getNumber(digits, locale))
}
