import { useDeferredValue, useEffect, useState, type FormEvent, type ReactNode } from 'react'
import { QRCodeSVG } from 'qrcode.react'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import { signInMethodHow, signInMethodName } from '@i18n/sign-in-methods'
import type { AuthMethodInfo } from '@contract/api/auth'
import type { AuthMethod } from '@contract/constants'
import { Page } from '@/components/layout/app-shell'
import { Button, buttonVariants } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { SkeletonBar } from '@/components/ui/skeleton'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { config } from '@/lib/config'
import { ErrorState } from '@/components/ui/states'
import { ApiError } from '@/lib/api'
import { LegalLink } from '@/components/layout/legal-link'
import { phone } from '@/lib/phone'
import type { SignedIn } from '@/stores/auth'
import { ltr } from '@/components/ui/phone-text'
import { needsNewCode, useSignIn } from '../use-sign-in'
import { authErrorText } from './auth-error-text'
import { FlashCallSignIn } from './flash-call-sign-in'

function useSecondsLeft(expiresAt: number | undefined) {
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(t)
  }, [])
  return expiresAt ? Math.max(0, Math.round((expiresAt - now) / 1000)) : 0
}

/**
 * The code's card, as tall as what it holds: beside the methods (a wide screen) a grid item would
 * stretch to the height of all their cards, a tall empty box under the code (issue 33).
 */
const CODE_CARD = 'flex flex-col items-center gap-3 self-start text-center'

/** The page's heading and the line under it, around the rest: the server's first paint draws them too (app/server-frame). */
export function LoginHead({ children }: { children?: ReactNode }) {
  const { LL } = useI18nContext()
  return (
    <Page title={LL.login.title()}>
      <p className="max-w-2xl text-muted">{LL.login.intro()}</p>
      {children}
    </Page>
  )
}

export function LoginScreen({ lang, onSignedIn }: { lang: string; onSignedIn: (data: SignedIn) => void }) {
  const { LL } = useI18nContext()
  // `attempt` counts new codes: each starts the methods afresh (what was typed for the last one goes);
  // the first code keeps the cards the page showed while it was on its way.
  const { state, attempt, start, choose, confirmDev, requestCall, cancel, retry } = useSignIn(lang, onSignedIn)
  const expiresAt = 'expiresAt' in state ? state.expiresAt : undefined
  const secondsLeft = useSecondsLeft(expiresAt)
  const code = 'code' in state ? state.code : undefined
  const loading = state.step === 'loading'
  // While the code is on its way, the server's methods without one (as the server's frame of this
  // page shows them, modules/web-shell): the page's look and its largest text do not wait for it.
  const methods = ('methods' in state ? state.methods : undefined) ?? (loading ? (config.signInMethods ?? []) : [])

  if (state.step === 'done') return <p role="status">{LL.login.success()}</p>

  const expired = Boolean(expiresAt) && secondsLeft === 0 && state.step !== 'waiting'
  return (
    <div className="grid gap-6 wide:grid-cols-[minmax(0,20rem)_1fr]">
      <Card className={CODE_CARD}>
        <p className="text-sm font-medium text-muted">{LL.login.yourCode()}</p>
        {loading && (
          <>
            <div className="flex h-10 w-40 items-center justify-center rounded-lg bg-surface-2">
              <Spinner label={LL.app.loading()} />
            </div>
            {/* The line the code's time left will take: the terms below do not move when it comes. */}
            <p className="text-sm text-muted" aria-hidden="true">
              {'\u00a0'}
            </p>
          </>
        )}
        {code && (
          <p className="phone text-4xl font-bold tracking-[0.2em] text-fg" data-testid="auth-code" aria-live="polite">
            {code}
          </p>
        )}
        {code && !expired && <p className="text-sm text-muted">{LL.login.expiresIn({ seconds: secondsLeft })}</p>}
        {expired && (
          <>
            <p className="text-sm text-danger">{LL.login.expired()}</p>
            <Button onClick={() => void start()}>{LL.login.newCode()}</Button>
          </>
        )}
        <p className="text-xs text-muted">
          {LL.login.terms()}{' '}
          <LegalLink className="text-primary underline" page="terms">
            {LL.login.termsLink()}
          </LegalLink>
        </p>
      </Card>

      <div key={attempt} className="flex flex-col gap-4">
        {state.step === 'waiting' && (
          <Card className="flex items-center gap-4" role="status" aria-live="polite">
            <Spinner />
            <div className="flex-1">
              <p className="font-medium">{LL.login.waiting()}</p>
              <p className="text-sm text-muted">{LL.login.waitingHint()}</p>
            </div>
            <Button variant="secondary" onClick={cancel}>
              {LL.login.cancel()}
            </Button>
          </Card>
        )}
        {state.step === 'error' && (
          <ErrorState
            message={authErrorText(LL, state.error)}
            retryLabel={needsNewCode(state.error) ? LL.login.newCode() : LL.app.retry()}
            onRetry={() => void retry()}
          />
        )}
        {!expired && methods.length === 0 && state.step !== 'error' && !loading && <NoMethods />}
        {!expired &&
          methods.map((m) =>
            m.method === 'dev' ? (
              <DevSignIn key="dev" disabled={state.step === 'waiting' || loading} onConfirm={confirmDev} />
            ) : m.method === 'flashcall' ? (
              <FlashCallSignIn key="flashcall" disabled={state.step === 'waiting' || loading} onRequest={requestCall} onCancel={cancel} />
            ) : (
              <MessengerMethod
                key={m.method}
                method={m}
                disabled={state.step === 'waiting'}
                pending={loading}
                onChoose={() => void choose(m)}
              />
            ),
          )}
      </div>
    </div>
  )
}

/**
 * The page before the app has loaded (the server's first paint, app/server-frame): the code's card
 * without a code, then `methods`, the server's methods as MethodSkeleton draws them. The methods'
 * texts are the page's largest text, so they are painted before any script (Largest Contentful Paint).
 */
export function LoginScreenSkeleton({ methods }: { methods: ReactNode }) {
  const { LL } = useI18nContext()
  return (
    <div className="grid gap-6 wide:grid-cols-[minmax(0,20rem)_1fr]">
      <Card className={CODE_CARD}>
        <p className="text-sm font-medium text-muted">{LL.login.yourCode()}</p>
        <SkeletonBar className="h-10 w-40" />
        <p className="text-sm text-muted" aria-hidden="true">
          {'\u00a0'}
        </p>
        <p className="text-xs text-muted">
          {LL.login.terms()} <span className="text-primary underline">{LL.login.termsLink()}</span>
        </p>
      </Card>
      <div className="flex flex-col gap-4">{methods}</div>
    </div>
  )
}

/** What the page says when the server offers no way to sign in. */
export function NoMethods() {
  const { LL } = useI18nContext()
  return <p>{LL.login.noMethods()}</p>
}

/**
 * A method's card before the app has loaded and before there is a code: a messenger's as
 * MessengerMethod draws it while the code is on its way; a form's as shapes (the app's own form
 * takes over). `smsNumber`: the number SMS is sent to, as shown.
 */
export function MethodSkeleton({ method, smsNumber = '' }: { method: AuthMethod; smsNumber?: string }) {
  const { LL } = useI18nContext()
  const name = signInMethodName(LL, method)
  // No code yet: the SMS text is a placeholder until the app has one.
  const how = signInMethodHow(LL, method, { text: ltr('…'), number: ltr(smsNumber) })
  const form = (label: string) => (
    <>
      <p className="text-sm font-medium">{label}</p>
      <SkeletonBar className="h-11 w-full" />
      <SkeletonBar className="h-11 w-48" />
    </>
  )
  if (method === 'dev') {
    return (
      <Card className="border-dashed border-warning">
        <div className="flex flex-col gap-3">
          <h2 className="text-lg font-semibold">{name}</h2>
          <p className="text-sm text-warning">{how}</p>
          {form(LL.login.devPhone())}
        </div>
      </Card>
    )
  }
  if (method === 'flashcall') {
    return (
      <Card className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">{name}</h2>
        <p className="text-sm text-muted">{how}</p>
        {form(LL.login.flashcallPhone())}
      </Card>
    )
  }
  return <MessengerMethod method={{ method }} how={how} disabled pending />
}

type LLType = ReturnType<typeof useI18nContext>['LL']

/** What the user does in the messenger; SMS spells out the text and the number. */
function howTo(LL: LLType, method: AuthMethodInfo): string {
  return signInMethodHow(LL, method.method, {
    text: ltr(method.text ?? ''),
    number: ltr(method.number ? phone.formatInternational(method.number) : ''),
  })
}

/**
 * A messenger's card. `how`: what to do, when the caller says it (the server's first paint, whose
 * SMS number each request fills in: app/server-frame); else from the method.
 */
export function MessengerMethod({
  method,
  disabled,
  pending,
  onChoose,
  how: said,
}: {
  method: AuthMethodInfo
  disabled: boolean
  pending: boolean
  onChoose?: () => void
  how?: string
}) {
  const { LL } = useI18nContext()
  const name = signInMethodName(LL, method.method)
  const how = said ?? howTo(LL, method)
  return (
    <Card className="flex flex-col gap-4 wide:flex-row wide:items-center">
      <div className="flex-1">
        <h2 className="text-lg font-semibold">{name}</h2>
        <p className="text-sm text-muted">{how}</p>
      </div>
      {method.link && (
        <div className="flex items-center gap-4">
          <a
            href={method.link}
            target="_blank"
            rel="noopener noreferrer"
            aria-disabled={disabled}
            className={buttonVariants({ variant: 'primary' })}
            onClick={onChoose}
          >
            {LL.login.open({ method: name })}
          </a>
          <div className="rounded-lg bg-white p-1.5" title={LL.login.scan()}>
            <LinkQrCode value={method.link} label={`${LL.login.scan()}: ${name}`} />
          </div>
        </div>
      )}
      {pending && (
        // The link and its QR code's room while the code is on its way: nothing below moves when they come.
        <div className="flex items-center gap-4" aria-hidden="true">
          <div className="h-11 w-40 rounded-xl bg-surface-2" />
          <div className="h-[100px] w-[100px] rounded-lg bg-surface-2" />
        </div>
      )}
    </Card>
  )
}

const QR_SIZE = 88

/**
 * A link's QR code, encoded in a deferred render of its own: encoding one is 5–10 ms of a slow
 * phone's main thread, and the codes of every messenger came in the one render that shows the
 * sign-in code, a single long task (issue 13, total blocking time). Until then, its room.
 */
function LinkQrCode({ value, label }: { value: string; label: string }) {
  const deferred = useDeferredValue(value, null)
  // The code's own size (QR_SIZE), so nothing moves when it comes.
  if (deferred === null) return <div className="h-[88px] w-[88px]" aria-hidden="true" />
  return <QRCodeSVG value={deferred} size={QR_SIZE} role="img" aria-label={label} />
}

function DevSignIn({ disabled, onConfirm }: { disabled: boolean; onConfirm: (phone: string) => Promise<void> }) {
  const { LL } = useI18nContext()
  const [phone, setPhone] = useState('')
  const confirm = useSWRMutation('dev-sign-in', (_key, { arg }: { arg: string }) => onConfirm(arg), { throwOnError: false })
  const busy = confirm.isMutating
  const failure = busy ? undefined : confirm.error
  // A new attempt hides the last failure.
  const error = failure
    ? failure instanceof ApiError && failure.code
      ? LL.login.errorCode({ code: failure.code })
      : LL.app.genericError()
    : null
  function submit(e: FormEvent) {
    e.preventDefault()
    void confirm.trigger(phone)
  }
  return (
    <Card className="border-dashed border-warning">
      <form onSubmit={submit} className="flex flex-col gap-3" aria-labelledby="dev-title">
        <h2 id="dev-title" className="text-lg font-semibold">
          {signInMethodName(LL, 'dev')}
        </h2>
        <p className="text-sm text-warning">{signInMethodHow(LL, 'dev')}</p>
        <label className="flex flex-col gap-1 text-sm font-medium" htmlFor="dev-phone">
          {LL.login.devPhone()}
        </label>
        <Input
          id="dev-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          placeholder={LL.login.devPhonePlaceholder()}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'dev-error' : undefined}
          required
        />
        {error && (
          <p id="dev-error" role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <Button type="submit" disabled={disabled || busy || phone.trim().length < 3} className="self-start">
          {LL.login.devConfirm()}
        </Button>
      </form>
    </Card>
  )
}
