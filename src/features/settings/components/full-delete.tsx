import { useId } from 'react'
import { useSWRConfig } from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { DialogFooter } from '@/components/ui/dialog'
import { failureText } from '@/lib/failure-text'
import { withBackdrop } from '@/stores/backdrop'
import { closeModal, openModal } from '@/stores/modal'
import { deletePrivacyData } from '../api/delete-privacy-data'

/**
 * Full deletion of the privacy data (DESIGN.md section 9): what goes and what stays,
 * said before the user confirms; then what was deleted, counted by the server.
 */
export function FullDelete() {
  const { LL } = useI18nContext()
  const id = useId()
  const { mutate } = useSWRConfig()
  const remove = useSWRMutation('privacy-delete', () => withBackdrop(deletePrivacyData), {
    throwOnError: false,
    // History, notes, contacts and who-looked-me-up lists are all shown from the cache: read them again.
    onSuccess: () => void mutate(() => true),
  })
  const confirm = () =>
    openModal({
      modalId: 'privacy-delete-confirm',
      title: LL.settings.fullDeleteConfirmTitle(),
      description: LL.settings.fullDeleteConfirmText(),
      attention: true,
      body: (
        <DialogFooter>
          <Button variant="secondary" onClick={closeModal}>
            {LL.app.cancel()}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              closeModal()
              void remove.trigger()
            }}
          >
            {LL.settings.fullDeleteConfirm()}
          </Button>
        </DialogFooter>
      ),
    })
  const deleted = remove.data
  const lines = deleted
    ? [
        LL.settings.deletedHistory({ count: deleted.history }),
        LL.settings.deletedLookups({ count: deleted.lookups }),
        LL.settings.deletedContacts({ count: deleted.contacts }),
        LL.settings.deletedNotes({ count: deleted.notes }),
      ]
    : []
  const nothing = deleted && Object.values(deleted).every((n) => n === 0)
  return (
    <>
      <Card className="flex flex-col gap-4">
        <p>{LL.settings.fullDeleteIntro()}</p>
        <div className="grid gap-4 wide:grid-cols-2">
          <section aria-labelledby={`${id}-goes`} className="flex flex-col gap-2">
            <CardTitle id={`${id}-goes`}>{LL.settings.fullDeleteGoes()}</CardTitle>
            <ul className="list-disc ps-5 text-muted" aria-labelledby={`${id}-goes`}>
              <li>{LL.settings.goesHistory()}</li>
              <li>{LL.settings.goesContacts()}</li>
              <li>{LL.settings.goesNotes()}</li>
            </ul>
          </section>
          <section aria-labelledby={`${id}-stays`} className="flex flex-col gap-2">
            <CardTitle id={`${id}-stays`}>{LL.settings.fullDeleteStays()}</CardTitle>
            <ul className="list-disc ps-5 text-muted" aria-labelledby={`${id}-stays`}>
              <li>{LL.settings.staysBalance()}</li>
              <li>{LL.settings.staysPurchases()}</li>
              <li>{LL.settings.staysComments()}</li>
            </ul>
          </section>
        </div>
        {/* Busy, not disabled: the confirmation gives focus back to this button as it closes, which a disabled button cannot take. */}
        <Button
          variant="danger"
          className="self-start aria-disabled:opacity-50"
          aria-disabled={remove.isMutating || undefined}
          onClick={() => !remove.isMutating && confirm()}
        >
          {LL.settings.fullDeleteButton()}
        </Button>
        {remove.error && !remove.isMutating && (
          <p role="alert" className="text-sm text-danger">
            {failureText(remove.error, LL.settings.fullDeleteFailed())}
          </p>
        )}
      </Card>
      <div role="status" data-testid="full-delete-result">
        {deleted && (
          <Card className="flex flex-col gap-2">
            <CardTitle>{LL.settings.deletedTitle()}</CardTitle>
            {nothing ? (
              <p>{LL.settings.nothingLeft()}</p>
            ) : (
              <ul className="list-disc ps-5">
                {lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </Card>
        )}
      </div>
    </>
  )
}
