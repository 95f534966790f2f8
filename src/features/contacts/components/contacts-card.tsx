import { useId } from 'react'
import useSWR from 'swr'
import { useI18nContext } from '@i18n/i18n-react'
import type { ContactName } from '@contract/api/numbers'
import { Card, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ErrorState } from '@/components/ui/states'
import { getContacts } from '../api/get-contacts'
import { contactsKey, type ContactsOf } from '../contacts-of'
import { ContactNameItem } from './contact-name-item'
import { UploadBook } from './upload-book'

/**
 * "Saved in contacts as": the names the number is saved under in users' books, and the
 * viewer's own upload. `of` names the number: by phone, or by profile id on a page opened
 * by profile. A report may come with a complaint about the name: `onComplain`.
 */
export function ContactsCard({ of, onComplain }: { of: ContactsOf; onComplain: (name: ContactName) => void }) {
  const { LL } = useI18nContext()
  const headingId = useId()
  const { data: names, error, isLoading, mutate } = useSWR(contactsKey(of), () => getContacts(of))

  const replace = (next: ContactName) =>
    void mutate((list) => list?.map((c) => (c.name_hash === next.name_hash ? next : c)), { revalidate: false })

  return (
    <Card className="flex flex-col gap-3 wide:col-span-2" role="region" aria-labelledby={headingId} data-testid="contacts">
      <CardTitle id={headingId}>{LL.contacts.title()}</CardTitle>
      <p className="text-sm text-muted">{LL.contacts.intro()}</p>
      {isLoading && <Spinner label={LL.contacts.loading()} className="self-center py-4" />}
      {error && <ErrorState message={LL.contacts.error()} retryLabel={LL.app.retry()} onRetry={() => void mutate()} />}
      {names && names.length === 0 && <p className="text-sm text-muted">{LL.contacts.empty()}</p>}
      {names && names.length > 0 && (
        <ul className="flex flex-col" data-testid="contact-names">
          {names.map((item) => (
            <ContactNameItem key={item.name_hash} item={item} of={of} onChange={replace} onComplain={() => onComplain(item)} />
          ))}
        </ul>
      )}
      <UploadBook />
    </Card>
  )
}
