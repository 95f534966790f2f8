import type { TranslationFunctions as LL } from '@i18n/i18n-types'
import type { NotificationItem } from '@contract/api/notifications'
import { ltr } from '@/components/ui/phone-text'
import { phone } from '@/lib/phone'

/** A name from another script keeps its own direction inside the sentence (first-strong isolate). */
const isolate = (text: string) => `\u2068${text}\u2069`

/** Who did it: their name, or "Someone" when it is unknown or their account is gone. */
export function actorName(LL: LL, item: NotificationItem): string {
  const name = [item.actor?.firstName, item.actor?.lastName].filter(Boolean).join(' ')
  return name ? isolate(name) : LL.inbox.someone()
}

/** The number a notification is about, formatted and kept left to right inside the sentence. */
export function notificationNumber(LL: LL, item: NotificationItem): string {
  return item.phoneNumber ? ltr(phone.formatInternational(item.phoneNumber)) : LL.inbox.aNumber()
}

/** The notification as one sentence in the user's language. */
export function notificationText(LL: LL, item: NotificationItem): string {
  const who = actorName(LL, item)
  const number = notificationNumber(LL, item)
  switch (item.kind) {
    case 'reply':
      return LL.inbox.reply({ who, number })
    case 'newNotice':
      return LL.inbox.newNotice({ who, number })
    case 'newContactName':
      return LL.inbox.newContactName({ number })
    case 'commonAcquaintances':
      return LL.inbox.commonAcquaintances({ who, number })
  }
}
