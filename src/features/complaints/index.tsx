/**
 * Complaints and delete confirmations (SPEC.md section 2, "Number-profile modals").
 * STUB: the complaints helper implements these; the signatures are the agreed interface.
 */
import type { useI18nContext } from '@i18n/i18n-react'

type LLType = ReturnType<typeof useI18nContext>['LL']

/** What a complaint is about (SPEC.md section 3, "Complaint target"). */
export interface ComplaintTarget {
  type: 'comment' | 'thread' | 'contact' | 'profile'
  /** Comment or reply id; for a contact, absent. */
  id?: number
  firstName?: string | null
  lastName?: string | null
  name_hash?: string | null
  profileId?: number | null
  /** The number the text is on (E.164), for context. */
  phone?: string
}

/** Opens the complaint (terms breach) modal for a target. */
export function openComplaint(_LL: LLType, _target: ComplaintTarget): void {}

/** Opens the complaint-after modal (moderators may refuse; the user may go to court). */
export function openComplaintAfter(_LL: LLType): void {}

/** (a) Keep or delete. */
export function confirmKeepOrDelete(_LL: LLType, _opts: { title: string; text?: string; onDelete: () => void | Promise<void> }): void {}

/** (b) Warning with a toggle labelled as the complaint option (off by default); its value is passed on. */
export function confirmDeleteWithToggle(_LL: LLType, _opts: { title: string; text?: string; onDelete: (complain: boolean) => void | Promise<void> }): void {}

/** (c) Optional sub-text, cancel and delete. */
export function confirmDeleteWithSubtext(_LL: LLType, _opts: { title: string; subtext?: string; onDelete: () => void | Promise<void> }): void {}
