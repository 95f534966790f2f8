import { useEffect, useId, useState, type FormEvent } from 'react'
import useSWR from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { TranslationFunctions } from '@i18n/i18n-types'
import { LIMITS } from '@contract/constants'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { ltr } from '@/components/ui/phone-text'
import { failureText } from '@/lib/failure-text'
import { formatDate } from '@/lib/format'
import { digitsOnly, phone } from '@/lib/phone'
import { signedOut } from '@/stores/auth'
import { closeModal, openModal } from '@/stores/modal'
import { deactivateProfile } from '../api/deactivate-profile'
import { getRenewingPlanEnd } from '../api/get-renewing-plan'

/**
 * Deactivation, the three modals of SPEC.md section 2 in the app's one modal: a warning
 * whose Continue waits out a countdown, retyping the own number, then the success message;
 * LIMITS.deactivationPauseMs later the user is signed out and `leave` goes to the sign-in page.
 */
export function openDeactivation(LL: TranslationFunctions, ownNumber: string, leave: () => void) {
  const done = () => {
    openModal({
      modalId: 'deactivate-done',
      title: LL.deactivate.doneTitle(),
      description: LL.deactivate.doneText(),
      body: <DoneStep />,
    })
    setTimeout(() => {
      signedOut()
      leave()
    }, LIMITS.deactivationPauseMs)
  }
  const retype = () =>
    openModal({
      modalId: 'deactivate-retype',
      title: LL.deactivate.retypeTitle(),
      description: LL.deactivate.retypeText({ phone: ltr(phone.formatInternational(ownNumber)) }),
      attention: true,
      body: <RetypeStep ownNumber={ownNumber} onDeactivated={done} />,
    })
  openModal({
    modalId: 'deactivate-warning',
    title: LL.deactivate.warningTitle(),
    description: LL.deactivate.warningText(),
    attention: true,
    body: <WarningStep onContinue={retype} />,
  })
}

/** Seconds left of a countdown that starts now, ticking; 0 once it has run out. Monotonic: a clock change cannot skip it. */
function useSecondsLeft(seconds: number) {
  const [end] = useState(() => performance.now() + seconds * 1000)
  const [left, setLeft] = useState(seconds)
  useEffect(() => {
    if (left <= 0) return
    const timer = setInterval(() => setLeft(Math.max(0, Math.ceil((end - performance.now()) / 1000))), 200)
    return () => clearInterval(timer)
  }, [end, left])
  return left
}

/**
 * Step 1. The screen shows every second; screen readers hear the countdown at its start,
 * at 5 and when Continue is enabled (the live region's text changes only then).
 */
function WarningStep({ onContinue }: { onContinue: () => void }) {
  const { LL, locale } = useI18nContext()
  // Deactivating stops a renewing plan (the server tells Stripe): said here, with the end of the period paid.
  const planEnd = useSWR('deactivate-renewing-plan', getRenewingPlanEnd, { revalidateOnFocus: false }).data
  const start = LIMITS.deactivationCountdownSeconds
  const left = useSecondsLeft(start)
  // Filled just after the dialog opens: a live region that appears with its text is often not read.
  const [speaking, setSpeaking] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setSpeaking(true), 100)
    return () => clearTimeout(timer)
  }, [])
  const milestone = left === 0 ? 0 : left <= 5 ? 5 : start
  const say = (seconds: number) => (seconds === 0 ? LL.deactivate.ready() : LL.deactivate.wait({ seconds }))
  return (
    <>
      {planEnd != null && (
        <p className="text-sm" data-testid="deactivate-plan">
          {LL.deactivate.planStops({ date: formatDate(locale, new Date(planEnd), { dateStyle: 'long' }) })}
        </p>
      )}
      <p aria-hidden className="font-medium" data-testid="deactivate-countdown">
        {say(left)}
      </p>
      <p aria-live="polite" className="sr-only" data-testid="deactivate-announcement">
        {speaking ? say(milestone) : ''}
      </p>
      <DialogFooter>
        <Button variant="secondary" onClick={closeModal}>
          {LL.app.cancel()}
        </Button>
        <Button variant="danger" disabled={left > 0} onClick={onContinue}>
          {LL.deactivate.continue()}
        </Button>
      </DialogFooter>
    </>
  )
}

/** Step 2. Submit stays disabled until the digits typed are the own number's (spaces, dashes, a plus, the digits of the keyboard's script are fine). */
function RetypeStep({ ownNumber, onDeactivated }: { ownNumber: string; onDeactivated: () => void }) {
  const { LL } = useI18nContext()
  const id = useId()
  const [typed, setTyped] = useState('')
  const deactivate = useSWRMutation('deactivate', () => deactivateProfile(), { throwOnError: false, onSuccess: onDeactivated })
  const matches = digitsOnly(typed) !== '' && digitsOnly(typed) === digitsOnly(ownNumber)
  const pending = deactivate.isMutating
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (matches && !pending) void deactivate.trigger()
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {LL.deactivate.retypeLabel()}
      </label>
      <Input
        id={id}
        type="tel"
        dir="ltr"
        autoComplete="off"
        autoFocus
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        aria-describedby={`${id}-hint`}
        className="text-start"
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        {LL.deactivate.retypeHint()}
      </p>
      {deactivate.error && !pending && (
        <p role="alert" className="text-sm text-danger">
          {failureText(deactivate.error, LL.deactivate.failed())}
        </p>
      )}
      <DialogFooter>
        <Button variant="secondary" onClick={closeModal}>
          {LL.app.cancel()}
        </Button>
        <Button type="submit" variant="danger" disabled={!matches || pending} aria-busy={pending || undefined}>
          {pending ? LL.deactivate.pending() : LL.deactivate.submit()}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Step 3. */
function DoneStep() {
  const { LL } = useI18nContext()
  return (
    <Button className="self-end" autoFocus onClick={closeModal}>
      {LL.app.close()}
    </Button>
  )
}
