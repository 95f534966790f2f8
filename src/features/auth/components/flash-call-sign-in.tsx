import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import { signInMethodHow, signInMethodName } from '@i18n/sign-in-methods'
import { ERROR_CODES } from '@contract/errors'
import { Button, buttonVariants } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { ltr } from '@/components/ui/phone-text'
import { ApiError } from '@/lib/api'
import { digitsOnly, phone } from '@/lib/phone'
import { authErrorText } from './auth-error-text'

type FlashCall = { callNumber: string; phoneNumber: string }

/** The typed number as the server needs it: E.164 when libphonenumber reads it, else nothing. */
function readNumber(typed: string): string | null {
  return phone.normalize(typed)?.e164 ?? null
}

/**
 * Flash call (DESIGN.md section 4): the user types their number, gets the number to call
 * and calls it from that phone; the page then waits for the call like for any method.
 */
export function FlashCallSignIn({
  disabled,
  onRequest,
  onCancel,
}: {
  disabled: boolean
  onRequest: (phone: string) => Promise<FlashCall>
  /** Stops waiting for the call from the number typed before. */
  onCancel: () => void
}) {
  const { LL } = useI18nContext()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const callLink = useRef<HTMLAnchorElement>(null)
  // Digits as typed, shown in international format (a leading 0 stays as typed).
  const [digits, setDigits] = useState('')
  const [invalid, setInvalid] = useState(false)
  const request = useSWRMutation('flash-call', (_key, { arg }: { arg: string }) => onRequest(arg), { throwOnError: false })
  const shown = digits.startsWith('0') ? digits : phone.formatTyping(digits)
  const call = request.data
  const failure = request.isMutating ? undefined : request.error
  const error = invalid ? LL.login.flashcallInvalid() : failure ? failureText(failure) : null

  function failureText(err: unknown) {
    if (!(err instanceof ApiError) || !err.code || err.status !== 400) return LL.app.genericError()
    // The server's word on a number it cannot call back from.
    if (err.code === ERROR_CODES.VALIDATION) return LL.login.flashcallInvalid()
    return authErrorText(LL, err.code)
  }

  // The form gives way to the number to call: focus follows at once, so the keyboard is not lost.
  useLayoutEffect(() => {
    if (call) callLink.current?.focus()
  }, [call])

  function submit(e: FormEvent) {
    e.preventDefault()
    const number = readNumber(shown)
    setInvalid(!number)
    if (number) void request.trigger(number)
  }

  function another() {
    onCancel()
    request.reset()
    // The input is back on the next render.
    requestAnimationFrame(() => input.current?.focus())
  }

  const titleId = `${id}-title`
  return (
    <Card className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {signInMethodName(LL, 'flashcall')}
      </h2>
      <p className="text-sm text-muted">{signInMethodHow(LL, 'flashcall')}</p>
      {call ? (
        <div className="flex flex-col items-start gap-3" role="status" aria-live="polite">
          <p className="font-medium">
            {LL.login.flashcallCall({
              number: ltr(phone.formatInternational(call.callNumber)),
              phone: ltr(phone.formatInternational(call.phoneNumber)),
            })}
          </p>
          <a
            ref={callLink}
            href={`tel:${call.callNumber}`}
            dir="ltr"
            aria-label={LL.login.flashcallCallLink({ number: phone.formatInternational(call.callNumber) })}
            className={buttonVariants({ variant: 'primary', size: 'lg', className: 'phone text-xl tracking-wide' })}
            data-testid="flashcall-number"
          >
            {phone.formatInternational(call.callNumber)}
          </a>
          <Button variant="link" onClick={another}>
            {LL.login.flashcallOtherNumber()}
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-labelledby={titleId}>
          <label className="text-sm font-medium" htmlFor={`${id}-phone`}>
            {LL.login.flashcallPhone()}
          </label>
          <Input
            ref={input}
            id={`${id}-phone`}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            className="phone"
            placeholder={LL.login.devPhonePlaceholder()}
            value={shown}
            onChange={(e) => {
              setDigits(digitsOnly(e.target.value))
              setInvalid(false)
              request.reset()
            }}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            required
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
          <Button
            type="submit"
            disabled={disabled || request.isMutating || digits.length < 3}
            aria-busy={request.isMutating || undefined}
            className="self-start"
          >
            {request.isMutating ? LL.login.flashcallPending() : LL.login.flashcallRequest()}
          </Button>
        </form>
      )}
    </Card>
  )
}
