import useSWR from 'swr'
import { useSnapshot } from 'valtio'
import { auth } from '@/stores/auth'
import { getNotifications } from './api/get-notifications'

/** The first page of the inbox: what the bell counts and the inbox opens with. */
export const INBOX_PAGE = 20
/** How often the bell asks for new notifications while the page is open. */
const REFRESH_MS = 30_000

export const notificationsKey = (limit: number) => ['notifications', limit] as const
export const isNotificationsKey = (key: unknown): boolean => Array.isArray(key) && key[0] === 'notifications'

/**
 * The newest `limit` notifications of the signed-in user, refreshed every half minute
 * and when the tab comes back into view, so a new one shows without a reload.
 */
export function useNotifications(limit = INBOX_PAGE) {
  const { isAuthenticated } = useSnapshot(auth)
  return useSWR(isAuthenticated ? notificationsKey(limit) : null, () => getNotifications(limit), {
    refreshInterval: REFRESH_MS,
    revalidateOnFocus: true,
    keepPreviousData: true,
  })
}
