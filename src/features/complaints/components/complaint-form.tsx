import { useId, useState, type FormEvent } from 'react'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/cn'
import { failureText } from '@/lib/failure-text'
import { addComplaint } from '../api/add-complaint'
import { complaintReady, EMPTY_COMPLAINT, isEmail, type ComplaintFields } from '../complaint-message'
import type { ComplaintTarget } from '../types'

/**
 * Name, e-mail and message (SPEC.md section 5): the form stays dimmed and its submit
 * disabled until all three pass; a wrong e-mail is marked as soon as one is typed.
 */
export function ComplaintForm({ target, onSent }: { target: ComplaintTarget; onSent: () => void }) {
  const { LL } = useI18nContext()
  const id = useId()
  const [fields, setFields] = useState<ComplaintFields>(EMPTY_COMPLAINT)
  const send = useSWRMutation(['add-complaint', target], (_key, { arg }: { arg: ComplaintFields }) => addComplaint(target, arg), {
    throwOnError: false,
    onSuccess: () => {
      setFields(EMPTY_COMPLAINT)
      onSent()
    },
  })
  const pending = send.isMutating
  // A new attempt hides the last failure.
  const error = send.error && !pending ? failureText(send.error, LL.complaints.sendError()) : null
  const ready = complaintReady(fields)
  const emailWrong = fields.email.trim() !== '' && !isEmail(fields.email)
  const set = (key: keyof ComplaintFields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }))

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!ready || pending) return
    void send.trigger(fields)
  }

  const label = 'text-sm font-medium text-fg'
  return (
    <form
      aria-label={LL.complaints.formLabel()}
      data-testid="complaint-form"
      data-ready={ready}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-3"
    >
      {/* Dimmed until the form can be sent; the messages below stay at full strength to stay readable. */}
      <div data-testid="complaint-fields" className={cn('flex flex-col gap-3 transition-opacity', !ready && 'opacity-85')}>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-name`} className={label}>
            {LL.complaints.name()}
          </label>
          <Input
            id={`${id}-name`}
            name="name"
            autoComplete="name"
            required
            autoFocus
            value={fields.name}
            onChange={set('name')}
            dir="auto"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-email`} className={label}>
            {LL.complaints.email()}
          </label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            dir="ltr"
            placeholder={LL.complaints.emailPlaceholder()}
            value={fields.email}
            onChange={set('email')}
            aria-invalid={emailWrong || undefined}
            aria-describedby={emailWrong ? `${id}-email-hint` : undefined}
            className="text-start"
          />
          {emailWrong && (
            <p id={`${id}-email-hint`} className="text-sm text-danger">
              {LL.complaints.emailInvalid()}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-message`} className={label}>
            {target.type === 'profile' ? LL.complaints.profileMessage() : LL.complaints.message()}
          </label>
          <textarea
            id={`${id}-message`}
            name="message"
            required
            rows={4}
            dir="auto"
            value={fields.message}
            onChange={set('message')}
            className="w-full resize-y rounded-xl border border-input bg-surface px-3 py-2 text-base text-fg focus-visible:outline-2 focus-visible:outline-focus"
          />
        </div>
      </div>
      {!ready && (
        <p id={`${id}-gate`} className="text-sm text-fg">
          {LL.complaints.gateHint()}
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-danger-bg px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
      <Button
        type="submit"
        className="self-end"
        disabled={!ready || pending}
        aria-busy={pending || undefined}
        aria-describedby={ready ? undefined : `${id}-gate`}
      >
        {pending ? LL.complaints.sending() : LL.complaints.submit()}
      </Button>
    </form>
  )
}
