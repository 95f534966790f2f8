import { useI18nContext } from '@i18n/i18n-react'
import type { NumberProfile } from '@contract/api/number-profile'
import { ContactsCard } from '@/features/contacts/components/contacts-card'
import { openComplaint } from '@/features/complaints'

/**
 * The names the number is saved under; a report of one may go on to a complaint about it.
 * A page opened by profile id asks for them by profile (DESIGN.md section 3).
 */
export function NumberContacts({ data, profileId }: { data: NumberProfile; profileId?: number }) {
  const { LL } = useI18nContext()
  return (
    <ContactsCard
      of={profileId ? { profileId } : { phone: data.phone.number }}
      onComplain={(name) =>
        openComplaint(LL, {
          type: 'contact',
          firstName: name.firstName,
          lastName: name.lastName,
          name_hash: name.name_hash,
          profileId: profileId ?? data.profile.id,
          phone: data.phone.number,
        })
      }
    />
  )
}
