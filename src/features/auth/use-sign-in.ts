import { useCallback, useEffect, useRef, useState } from 'react'
import type { AuthMethodInfo } from '@contract/api/auth'
import { LIMITS } from '@contract/constants'
import { AUTH_GENERIC_ERROR, ERROR_CODES } from '@contract/errors'
import { ApiError } from '@/lib/api'
import { writeCookie } from '@/lib/cookies'
import { auth, signedIn, type SignedIn } from '@/stores/auth'
import { checkCode } from './api/check-code'
import { devConfirm } from './api/dev-confirm'
import { getAuthCode } from './api/get-auth-code'
import { postAgreement } from './api/post-agreement'
import { requestFlashCall } from './api/request-flash-call'

const CODE_COOKIE = 'authCode'
const PROCESSED_COOKIE = 'authProcessed'

export type SignInError = number | 'not-confirmed'

export type SignInState =
  | { step: 'loading' }
  | { step: 'ready'; code: string; methods: AuthMethodInfo[]; expiresAt: number }
  | { step: 'waiting'; code: string; methods: AuthMethodInfo[]; expiresAt: number }
  | { step: 'error'; error: SignInError; code?: string; methods?: AuthMethodInfo[]; expiresAt?: number }
  | { step: 'done' }

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(t)
      reject(new DOMException('aborted', 'AbortError'))
    })
  })

/** A 400 carries the auth error code (SPEC.md section 8); anything else is the generic 10000. */
function errorCode(err: unknown): number {
  if (!(err instanceof ApiError) || !err.code) return AUTH_GENERIC_ERROR
  if (err.status === 400) return err.code
  return AUTH_GENERIC_ERROR
}

/** Refusals that no later poll can undo: the user needs a new code. */
const SPENT_CODE_ERRORS: ReadonlySet<number> = new Set([
  ERROR_CODES.CODE_UNKNOWN,
  ERROR_CODES.CODE_EXPIRED,
  ERROR_CODES.CODE_USED,
  ERROR_CODES.CODE_TOO_MANY_ATTEMPTS,
  ERROR_CODES.CALL_NOT_ATTESTED,
  ERROR_CODES.CALL_DISTURBED,
])

export function needsNewCode(error: SignInError): boolean {
  return typeof error === 'number' && SPENT_CODE_ERRORS.has(error)
}

/**
 * The sign-in flow of SPEC.md section 4: a code, the terms accepted for it, then a
 * poll after 3 s, up to 10 times 3.5 s apart, until the server says it is confirmed.
 */
export function useSignIn(lang: string, onSignedIn: (data: SignedIn) => void) {
  const [state, setState] = useState<SignInState>({ step: 'loading' })
  const abort = useRef<AbortController | null>(null)
  const agreed = useRef<string | null>(null)
  // How many times a new code replaced the first one: the page starts its methods afresh for each.
  const [attempt, setAttempt] = useState(0)
  const started = useRef(false)

  const start = useCallback(async () => {
    abort.current?.abort()
    agreed.current = null
    if (started.current) setAttempt((n) => n + 1)
    started.current = true
    setState({ step: 'loading' })
    try {
      const data = await getAuthCode(lang)
      writeCookie(CODE_COOKIE, data.code, LIMITS.authCodeTtlSeconds)
      Object.assign(auth, { code: data.code, authError: null, wait: false })
      setState({ step: 'ready', code: data.code, methods: data.auth, expiresAt: Date.now() + data.expiresIn * 1000 })
    } catch (err) {
      auth.authError = errorCode(err)
      setState({ step: 'error', error: errorCode(err) })
    }
  }, [lang])

  useEffect(() => {
    void start()
    return () => abort.current?.abort()
  }, [start])

  const poll = useCallback(
    async (code: string, methods: AuthMethodInfo[], expiresAt: number) => {
      abort.current?.abort()
      const controller = new AbortController()
      abort.current = controller
      auth.wait = true
      writeCookie(PROCESSED_COOKIE, '1', LIMITS.processedCookieSeconds)
      setState({ step: 'waiting', code, methods, expiresAt })
      try {
        await sleep(LIMITS.authPollInitialDelayMs, controller.signal)
        for (let attempt = 0; attempt < LIMITS.authPollAttempts; attempt++) {
          if (attempt > 0) await sleep(LIMITS.authPollIntervalMs, controller.signal)
          const result = await checkCode(code)
          if (controller.signal.aborted) return
          if (result.status) {
            writeCookie(CODE_COOKIE, null, 0)
            writeCookie(PROCESSED_COOKIE, null, 0)
            signedIn(result)
            setState({ step: 'done' })
            onSignedIn(result)
            return
          }
        }
        auth.wait = false
        auth.authError = 'not confirmed code'
        setState({ step: 'error', error: 'not-confirmed', code, methods, expiresAt })
      } catch (err) {
        if ((err as Error).name === 'AbortError') return
        auth.wait = false
        auth.authError = errorCode(err)
        setState({ step: 'error', error: errorCode(err), code, methods, expiresAt })
      }
    },
    [onSignedIn],
  )

  const agree = useCallback(async (code: string) => {
    if (agreed.current === code) return
    await postAgreement(code)
    agreed.current = code
    auth.agreementCodeSended = true
    auth.userAgreement = true
  }, [])

  /** The user chose a messenger: accept the terms for this code and wait for the provider. */
  const choose = useCallback(
    async (method: AuthMethodInfo) => {
      if (state.step !== 'ready' && state.step !== 'error') return
      if (!state.code || !state.methods || !state.expiresAt) return
      auth.authMethod = method.method
      try {
        await agree(state.code)
        void poll(state.code, state.methods, state.expiresAt)
      } catch (err) {
        setState({ step: 'error', error: errorCode(err) })
      }
    },
    [state, agree, poll],
  )

  /** Development sign-in: confirm the code for a typed number, then poll like any method. */
  const confirmDev = useCallback(
    async (phone: string) => {
      if (state.step !== 'ready' && state.step !== 'error') return
      if (!state.code || !state.methods || !state.expiresAt) return
      auth.authMethod = 'dev'
      await agree(state.code)
      await devConfirm(state.code, phone)
      void poll(state.code, state.methods, state.expiresAt)
    },
    [state, agree, poll],
  )

  /**
   * Flash call: the terms accepted, the typed number registered for the code; answers the
   * number to call (and the typed one as the server read it) and waits for the call like
   * any method. A refusal is thrown to the form.
   */
  const requestCall = useCallback(
    async (phone: string) => {
      if (state.step !== 'ready' && state.step !== 'error') throw new Error('no code to confirm')
      if (!state.code || !state.methods || !state.expiresAt) throw new Error('no code to confirm')
      auth.authMethod = 'flashcall'
      await agree(state.code)
      const call = await requestFlashCall(state.code, phone)
      void poll(state.code, state.methods, state.expiresAt)
      return call
    },
    [state, agree, poll],
  )

  const cancel = useCallback(() => {
    abort.current?.abort()
    auth.wait = false
    if (state.step === 'waiting') setState({ step: 'ready', code: state.code, methods: state.methods, expiresAt: state.expiresAt })
  }, [state])

  const retry = () =>
    state.step === 'error' && state.code && !needsNewCode(state.error) ? poll(state.code, state.methods!, state.expiresAt!) : start()

  return { state, attempt, start, choose, confirmDev, requestCall, cancel, retry }
}
