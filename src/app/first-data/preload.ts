import { preload, type Key } from 'swr'
import { getNotifications } from '@/features/notifications/api/get-notifications'
import { INBOX_PAGE, notificationsKey } from '@/features/notifications/use-notifications'
import { getNumber } from '@/features/number/api/get-number'
import { getHistory, HISTORY_PAGE } from '@/features/search/api/get-history'
import { getMainData } from '@/features/search/api/get-main-data'
import { getMyProfile } from '@/lib/get-my-profile'
import { translationLocale } from '@/lib/i18n'
import { HISTORY_KEY, mainDataKey, numberPageKey } from '@/lib/page-keys'
import { myProfileKey } from '@/lib/use-my-profile'
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
  firstData(mainDataKey(locale), () => getMainData(locale))
  firstData(HISTORY_KEY, () => getHistory(HISTORY_PAGE))
}

/** A number's page (app/number-page/number-page.tsx), in the language its texts will be in. */
export function preloadNumberPage(digits: string): void {
  if (!auth.isAuthenticated) return
  const locale = translationLocale(theme.locale)
  firstData(numberPageKey(digits, locale), () => getNumber(digits, locale))
}

/**
 * The header's own data on every page (the root route, once per load): the user's profile (its plan
 * and number) and the bell's first page. Asked for by the header's first render, they came a
 * second after the page's own data on a slow phone, and the header filled in last.
 */
export function preloadFrame(): void {
  if (!auth.isAuthenticated) return
  const locale = translationLocale(theme.locale)
  firstData(myProfileKey(locale), () => getMyProfile(locale))
  firstData(notificationsKey(INBOX_PAGE), () => getNotifications(INBOX_PAGE))
}
