import type { TranslationFunctions as LL } from '@i18n/i18n-types'
import type { ModerationLogEntry, ModerationQueueItem } from '@contract/api/community'
import { ltr } from '@/components/ui/phone-text'
import { phone } from '@/lib/phone'

/** Report or complaint. */
export function kindLabel(LL: LL, kind: ModerationQueueItem['kind']) {
  return kind === 'report' ? LL.moderation.report() : LL.moderation.complaint()
}

/** What the item is about: a comment, a reply, a contact name or a profile. */
export function targetLabel(LL: LL, type: string) {
  switch (type) {
    case 'comment':
      return LL.moderation.targetComment()
    case 'thread':
      return LL.moderation.targetThread()
    case 'contact':
      return LL.moderation.targetContact()
    default:
      return LL.moderation.targetProfile()
  }
}

/** Who sent the item: a user's number, or a complaint's name and e-mail; null when unknown. */
export function sender(LL: LL, item: ModerationQueueItem) {
  const { profileId, name, email } = item.reporter
  if (item.kind === 'report' || name === null || email === null)
    return profileId === null ? null : LL.moderation.userNumber({ id: profileId })
  return profileId === null ? LL.moderation.fromAnonymous({ name, email }) : LL.moderation.fromUser({ name, email, id: profileId })
}

/** One line of the item's log: which moderator did what. */
export function logLine(LL: LL, entry: ModerationLogEntry) {
  const id = entry.moderatorId
  if (entry.action === 'remove')
    return entry.reason ? LL.moderation.logRemoveReason({ id, reason: entry.reason }) : LL.moderation.logRemove({ id })
  if (entry.action === 'edit') return LL.moderation.logEdit({ id })
  return entry.status === 'rejected' ? LL.moderation.logRejected({ id }) : LL.moderation.logResolved({ id })
}

/** A name a complaint about a contact or profile is about, from the complaint's extras. */
export function complainedName(item: ModerationQueueItem): string | null {
  const extra = item.extra ?? {}
  const name = [extra.first_name, extra.last_name].filter((v): v is string => typeof v === 'string' && v !== '').join(' ')
  return name || null
}

/** The number the reported text is on, formatted and kept left-to-right inside a sentence. */
export function targetNumber(item: ModerationQueueItem): string | null {
  return item.target ? ltr(phone.formatInternational(item.target.phoneNumber)) : null
}
