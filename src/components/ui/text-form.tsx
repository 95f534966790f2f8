import { useId, useState, type FormEvent } from 'react'
import useSWRMutation from 'swr/mutation'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { failureText } from '@/lib/failure-text'

interface TextFormProps {
  label: string
  max: number
  initial?: string
  submitLabel: string
  pendingLabel: string
  counter: (count: number, max: number) => string
  fallbackError: string
  onSubmit: (text: string) => Promise<void>
  cancelLabel?: string
  onCancel?: () => void
  rows?: number
  /** Clear the field after a successful submit. */
  reset?: boolean
  className?: string
  testId?: string
  /** Move focus into the field when the form opens on request (reply, edit). */
  autoFocus?: boolean
  /** A specific message for some failures (a posting ban); null falls back to the usual text. */
  describeError?: (error: unknown) => string | null
}

/** A labelled textarea with a character counter, a submit button and a server error line. */
export function TextForm({
  label,
  max,
  initial = '',
  submitLabel,
  pendingLabel,
  counter,
  fallbackError,
  onSubmit,
  cancelLabel,
  onCancel,
  rows = 4,
  reset = false,
  className,
  testId,
  autoFocus,
  describeError,
}: TextFormProps) {
  const id = useId()
  const [text, setText] = useState(initial)
  const send = useSWRMutation(['text-form', id], (_key, { arg }: { arg: string }) => onSubmit(arg), {
    throwOnError: false,
    onSuccess: () => {
      if (reset) setText('')
    },
  })
  const pending = send.isMutating
  // A new attempt hides the last failure.
  const error = send.error && !pending ? (describeError?.(send.error) ?? failureText(send.error, fallbackError)) : null
  const empty = text.trim().length === 0

  function submit(e: FormEvent) {
    e.preventDefault()
    if (empty || pending) return
    void send.trigger(text.trim())
  }

  return (
    <form onSubmit={submit} className={cn('flex flex-col gap-2', className)} data-testid={testId}>
      <label htmlFor={`${id}-text`} className="text-sm font-medium text-fg">
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={max}
        autoFocus={autoFocus}
        rows={rows}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        className="w-full resize-y rounded-xl border border-input bg-surface px-3 py-2 text-base text-fg placeholder:text-muted focus-visible:outline-2 focus-visible:outline-focus aria-[invalid=true]:border-danger"
      />
      <p id={`${id}-count`} className="text-end text-sm text-muted">
        {counter(text.length, max)}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={empty || pending} aria-busy={pending || undefined}>
          {pending ? pendingLabel : submitLabel}
        </Button>
        {onCancel && cancelLabel && (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            {cancelLabel}
          </Button>
        )}
      </div>
    </form>
  )
}
