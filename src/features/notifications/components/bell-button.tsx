import { forwardRef, type ButtonHTMLAttributes } from 'react'
import { useI18nContext } from '@i18n/i18n-react'
import { clsx } from 'clsx'
import { iconButton } from '@/components/layout/icon-button'
import { IconBell } from '@/components/layout/icons'

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
