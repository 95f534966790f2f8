import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useI18nContext } from '@i18n/i18n-react'
import type { NotificationItem } from '@contract/api/notifications'
import { Dialog, DialogTrigger } from '@/components/ui/dialog'
import { getNotificationSettings } from '../api/get-notification-settings'
import { beep } from '../beep'
import { useNotifications } from '../use-notifications'
import { BellButton } from './bell-button'

// The inbox and the sentences of its notifications (which format numbers with the phone-number
// metadata) load when the inbox opens or a notification arrives, not with every page (issue 13).
const InboxContent = lazy(() => import('./inbox-content').then(({ InboxContent }) => ({ default: InboxContent })))

/**
 * What arrived since the bell first looked: the newest new one is announced to screen
 * readers and, unless the user chose "deliver without sound", a chime plays. What was
 * there when the page opened is not news.
 */
function useArrivals(items: NotificationItem[] | undefined): string {
  const { LL } = useI18nContext()
  const seen = useRef<number | null>(null)
  const [announcement, setAnnouncement] = useState('')
  useEffect(() => {
    if (!items) return
    const newest = items.reduce((max, item) => Math.max(max, item.id), 0)
    const before = seen.current
    seen.current = Math.max(before ?? 0, newest)
    if (before === null) return
    const fresh = items.find((item) => item.id > before && !item.read)
    if (!fresh) return
    void import('../notification-text').then(({ notificationText }) =>
      setAnnouncement(LL.inbox.announce({ text: notificationText(LL, fresh) })),
    )
    // Asked each time: the setting may have just changed on another screen or device.
    getNotificationSettings().then(
      (settings) => settings.deliverWithoutSound || beep(),
      () => beep(),
    )
  }, [items, LL])
  return announcement
}

/** The bell with its count, the live region for arrivals, and the inbox it opens. */
export default function LiveBell({ openAtOnce = false }: { openAtOnce?: boolean }) {
  const list = useNotifications()
  const [open, setOpen] = useState(openAtOnce)
  const announcement = useArrivals(list.data?.items)
  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <BellButton unread={list.data?.unread ?? 0} />
        </DialogTrigger>
        {open && (
          <Suspense fallback={null}>
            <InboxContent onNavigate={() => setOpen(false)} />
          </Suspense>
        )}
      </Dialog>
      <div aria-live="polite" className="sr-only" data-testid="notification-announcement">
        {announcement}
      </div>
    </>
  )
}
