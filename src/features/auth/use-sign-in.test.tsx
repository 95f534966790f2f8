// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTH_GENERIC_ERROR, ERROR_CODES } from '@contract/errors'
import { loadAnswerSchemas } from '@/lib/api'
import { needsNewCode, useSignIn } from './use-sign-in'

type Call = { url: string; at: number; body?: string }

/** A server that hands out code 123456 and confirms it after `confirmAfter` checks. */
function fakeServer(confirmAfter: number | null, opts: { failCheckWith?: { status: number; status_code: number } } = {}) {
  const calls: Call[] = []
  let checks = 0
  const start = Date.now()
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = String(input)
    calls.push({ url, at: Date.now() - start, body: init?.body ? String(init.body) : undefined })
    if (url.startsWith('/api/v202111/auth/get'))
      return json(200, { status: true, data: { code: '123456', expiresIn: 120, auth: [{ method: 'dev', text: '123456' }] } })
    if (url.startsWith('/api/v6/auth/agreement_code')) return json(200, { status: true, data: { code: '123456', agreed: true } })
    if (url.startsWith('/api/v6/auth/flashcall')) {
      const phone = new URLSearchParams(String(init?.body)).get('phone')
      if (phone !== '+493012345678') return json(400, { status: false, status_code: 3001, message: 'not a number' })
      return json(200, { status: true, data: { callNumber: '+14155550100', phoneNumber: phone, expiresIn: 110 } })
    }
    if (url.startsWith('/api/v6/auth/dev/confirm')) return json(200, { status: true, data: { status: true, phoneNumber: '+493012345678' } })
    if (url.startsWith('/api/v6/auth/check')) {
      if (opts.failCheckWith)
        return json(opts.failCheckWith.status, { status: false, status_code: opts.failCheckWith.status_code, message: 'x' })
      checks++
      if (confirmAfter !== null && checks >= confirmAfter) {
        return json(200, {
          status: true,
          data: { status: true, token: 'tok', phoneNumber: '+493012345678', profileId: 7, deviceId: 'dev-1', isNewUser: true },
        })
      }
      return json(200, { status: true, data: { status: false } })
    }
    return json(404, { status: false, status_code: 1004, message: 'no' })
  })
  return {
    calls,
    sent: (path: string) => calls.filter((c) => c.url.startsWith(path)),
    checkTimes: () => calls.filter((c) => c.url.startsWith('/api/v6/auth/check')).map((c) => c.at),
  }
}

async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0)
  })
}

describe('sign-in polling (SPEC.md section 4)', () => {
  // The client checks answers against the contract's schemas outside production, loading them on
  // first use: loaded here, a check takes microtasks only, which the fake clock's steps flush.
  beforeAll(() => loadAnswerSchemas())
  beforeEach(() => {
    vi.useFakeTimers()
    localStorage.clear()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('counts each new code after the first, so the page can start its methods afresh for it', async () => {
    const server = fakeServer(null)
    const { result } = renderHook(() => useSignIn('en', vi.fn()))
    await settle()
    expect(result.current.state.step).toBe('ready')
    expect(result.current.attempt).toBe(0)
    await act(async () => {
      await result.current.start()
    })
    expect(result.current.attempt).toBe(1)
    expect(server.sent('/api/v202111/auth/get')).toHaveLength(2)
  })

  it('waits 3 s, then polls up to 10 times 3.5 s apart, then reports the code as not confirmed', async () => {
    const server = fakeServer(null)
    const { result } = renderHook(() => useSignIn('en', vi.fn()))
    await settle()
    expect(result.current.state.step).toBe('ready')
    await act(async () => {
      await result.current.confirmDev('+49 30 12345678')
    })
    expect(result.current.state.step).toBe('waiting')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2999)
    })
    expect(server.checkTimes()).toHaveLength(0)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000 + 9 * 3500)
    })
    const times = server.checkTimes()
    expect(times).toHaveLength(10)
    const first = times[0]
    expect(times.map((t) => t - first)).toEqual([0, 3500, 7000, 10500, 14000, 17500, 21000, 24500, 28000, 31500])
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000)
    })
    expect(server.checkTimes()).toHaveLength(10)
    expect(result.current.state).toMatchObject({ step: 'error', error: 'not-confirmed' })
  })

  it('stores the token and the account when the code is confirmed', async () => {
    fakeServer(3)
    const onSignedIn = vi.fn()
    const { result } = renderHook(() => useSignIn('en', onSignedIn))
    await settle()
    await act(async () => {
      await result.current.confirmDev('+49 30 12345678')
      await vi.advanceTimersByTimeAsync(3000 + 2 * 3500)
    })
    expect(result.current.state.step).toBe('done')
    expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ token: 'tok', profileId: 7 }))
    expect(localStorage.getItem('token')).toBe('tok')
    expect(localStorage.getItem('phoneNumber')).toBe('+493012345678')
    expect(localStorage.getItem('profileId')).toBe('7')
    expect(document.cookie).not.toContain('authCode=123456')
  })

  it('shows the server status code of a 400 as the auth error, and 10000 for other failures', async () => {
    fakeServer(null, { failCheckWith: { status: 400, status_code: 2103 } })
    const { result } = renderHook(() => useSignIn('en', vi.fn()))
    await settle()
    await act(async () => {
      await result.current.confirmDev('+49 30 12345678')
      await vi.advanceTimersByTimeAsync(3000)
    })
    expect(result.current.state).toMatchObject({ step: 'error', error: 2103 })

    fakeServer(null, { failCheckWith: { status: 503, status_code: 5000 } })
    const second = renderHook(() => useSignIn('en', vi.fn()))
    await settle()
    await act(async () => {
      await second.result.current.confirmDev('+49 30 12345678')
      await vi.advanceTimersByTimeAsync(3000)
    })
    expect(second.result.current.state).toMatchObject({ step: 'error', error: AUTH_GENERIC_ERROR })
  })

  it('keeps the code in a 120 s cookie while signing in', async () => {
    fakeServer(null)
    renderHook(() => useSignIn('en', vi.fn()))
    await settle()
    expect(document.cookie).toContain('authCode=123456')
  })

  it('flash call: accepts the terms, sends the signed code and number, answers the number to call, then polls', async () => {
    const server = fakeServer(2)
    const onSignedIn = vi.fn()
    const { result } = renderHook(() => useSignIn('en', onSignedIn))
    await settle()
    let call: unknown
    await act(async () => {
      call = await result.current.requestCall('+493012345678')
    })
    expect(call).toEqual({ callNumber: '+14155550100', phoneNumber: '+493012345678', expiresIn: 110 })
    expect(server.sent('/api/v6/auth/agreement_code')).toHaveLength(1)
    const body = new URLSearchParams(server.sent('/api/v6/auth/flashcall')[0].body)
    expect(body.get('code')).toBe('123456')
    expect(body.get('phone')).toBe('+493012345678')
    expect(body.get('signature')).toMatch(/^[0-9a-f]{64}$/)
    expect(result.current.state.step).toBe('waiting')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000 + 3500)
    })
    expect(result.current.state.step).toBe('done')
    expect(onSignedIn).toHaveBeenCalledOnce()
  })

  it('flash call: a number the server refuses is thrown to the form and nothing is polled', async () => {
    const server = fakeServer(1)
    const { result } = renderHook(() => useSignIn('en', vi.fn()))
    await settle()
    await act(async () => {
      await expect(result.current.requestCall('+10000')).rejects.toMatchObject({ status: 400, code: 3001 })
      await vi.advanceTimersByTimeAsync(10_000)
    })
    expect(server.checkTimes()).toHaveLength(0)
    expect(result.current.state.step).toBe('ready')
  })

  it('a refused call (no attestation), a disturbed call or an expired code needs a new code: retry asks for one instead of polling again', async () => {
    for (const refusal of [ERROR_CODES.CALL_NOT_ATTESTED, ERROR_CODES.CALL_DISTURBED, ERROR_CODES.CODE_EXPIRED]) {
      // The server refuses an unattested call with a 403 that carries its code.
      const server = fakeServer(null, { failCheckWith: { status: 400, status_code: refusal } })
      const { result, unmount } = renderHook(() => useSignIn('en', vi.fn()))
      await settle()
      await act(async () => {
        await result.current.requestCall('+493012345678')
        await vi.advanceTimersByTimeAsync(3000)
      })
      expect(result.current.state).toMatchObject({ step: 'error', error: refusal })
      expect(needsNewCode(refusal)).toBe(true)
      await act(async () => {
        await result.current.retry()
        await vi.advanceTimersByTimeAsync(10_000)
      })
      expect(server.sent('/api/v202111/auth/get')).toHaveLength(2)
      expect(server.checkTimes()).toHaveLength(1)
      expect(result.current.state.step).toBe('ready')
      unmount()
    }
    // A code not confirmed yet is worth another round of polling.
    expect(needsNewCode('not-confirmed')).toBe(false)
    expect(needsNewCode(AUTH_GENERIC_ERROR)).toBe(false)
  })
})
