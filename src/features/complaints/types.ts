import type { useI18nContext } from '@i18n/i18n-react'

export type LLType = ReturnType<typeof useI18nContext>['LL']

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
