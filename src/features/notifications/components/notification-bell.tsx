import { forwardRef, lazy, Suspense, useState, type ButtonHTMLAttributes } from 'react'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { iconButton } from '@/components/layout/icon-button'
import { IconBell } from '@/components/layout/icons'
import { clsx } from 'clsx'
import { auth } from '@/stores/auth'

// The inbox (its API client, zod, phone formatting, the dialog) loads after the page has painted.
const LiveBell = lazy(() => import('./live-bell'))

/** The header's bell, signed in only: the unread count, opening the inbox (DESIGN.md section 9). */
export function NotificationBell() {
  const { isAuthenticated } = useSnapshot(auth)
  // A press before the inbox code has loaded opens it once it has.
  const [wanted, setWanted] = useState(false)
  if (!isAuthenticated) return null
  return (
    <Suspense fallback={<BellButton unread={0} aria-expanded={wanted} onClick={() => setWanted(true)} />}>
      <LiveBell openAtOnce={wanted} />
    </Suspense>
  )
}

/** The bell itself: its name says how many are unread; the badge shows the same to the eye. */
export const BellButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { unread: number }>(function BellButton(
  { unread, className, ...props },
  ref,
) {
  const { LL } = useI18nContext()
  return (
    <button
      ref={ref}
      type="button"
      data-testid="notification-bell"
      aria-label={unread > 0 ? LL.inbox.bellUnread({ count: unread }) : LL.inbox.bell()}
      aria-haspopup="dialog"
      className={clsx(iconButton, 'relative', className)}
      {...props}
    >
      <IconBell className="h-5 w-5" />
      {unread > 0 && (
        <span
          aria-hidden
          data-testid="notification-count"
          className="phone absolute -top-0.5 -end-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-xs font-semibold text-danger-fg"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  )
})
