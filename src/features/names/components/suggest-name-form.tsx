import { useId, useState, type FormEvent } from 'react'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import { LIMITS } from '@contract/constants'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { ltr } from '@/components/ui/phone-text'
import { phone as phoneTools } from '@/lib/phone'
import { failureText } from '@/lib/failure-text'
import { closeModal, openModal } from '@/stores/modal'
import { notifyCopied } from '@/stores/notification'
import { suggestName } from '../api/suggest-name'

type LLType = ReturnType<typeof useI18nContext>['LL']
type Name = { firstName: string | null; lastName: string | null }

interface SuggestNameArgs {
  phone: string
  initial: Name
  onSaved: (name: Name) => void
  /** The server refused the name (a posting ban the page did not know of): the page may read itself again. */
  onRefused?: (error: unknown) => void
}

/** First and last name for a number; both may be empty, which withdraws the viewer's suggestion. */
export function SuggestNameForm({ phone, initial, onSaved, onRefused }: SuggestNameArgs) {
  const { LL } = useI18nContext()
  const id = useId()
  const [firstName, setFirstName] = useState(initial.firstName ?? '')
  const [lastName, setLastName] = useState(initial.lastName ?? '')
  const save = useSWRMutation(['suggest-name', phone], ([, p]: [string, string]) => suggestName(p, firstName, lastName), {
    throwOnError: false,
    onSuccess: (saved) => {
      closeModal()
      notifyCopied(LL.names.saved())
      onSaved(saved)
    },
    onError: onRefused,
  })
  const pending = save.isMutating
  // A new attempt hides the last failure.
  const error = save.error && !pending ? failureText(save.error, LL.names.error()) : null

  function submit(e: FormEvent) {
    e.preventDefault()
    void save.trigger()
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} aria-busy={pending || undefined} data-testid="suggest-name-form">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-first`} className="text-sm font-medium">
          {LL.names.firstName()}
        </label>
        <Input
          id={`${id}-first`}
          dir="auto"
          autoComplete="off"
          maxLength={LIMITS.nameMaxLength}
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
          autoFocus
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-last`} className="text-sm font-medium">
          {LL.names.lastName()}
        </label>
        <Input
          id={`${id}-last`}
          dir="auto"
          autoComplete="off"
          maxLength={LIMITS.nameMaxLength}
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button variant="secondary" onClick={closeModal}>
          {LL.names.cancel()}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? LL.names.saving() : LL.names.save()}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Opens the name-suggestion form in the modal. */
export function openSuggestName(LL: LLType, args: SuggestNameArgs) {
  openModal({
    modalId: 'suggest-name',
    title: LL.names.title({ number: ltr(phoneTools.formatInternational(args.phone)) }),
    description: LL.names.intro(),
    body: <SuggestNameForm {...args} />,
  })
}
