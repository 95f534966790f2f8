// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTH_GENERIC_ERROR } from '@contract/errors'
import { useSignIn } from './use-sign-in'

type Call = { url: string; at: number }

/** A server that hands out code 123456 and confirms it after `confirmAfter` checks. */
function fakeServer(confirmAfter: number | null, opts: { failCheckWith?: { status: number; status_code: number } } = {}) {
  const calls: Call[] = []
  let checks = 0
  const start = Date.now()
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  vi.stubGlobal('fetch', async (input: string) => {
    const url = String(input)
    calls.push({ url, at: Date.now() - start })
    if (url.startsWith('/api/v202111/auth/get')) return json(200, { status: true, data: { code: '123456', expiresIn: 120, auth: [{ method: 'dev', text: '123456' }] } })
    if (url.startsWith('/api/v6/auth/agreement_code')) return json(200, { status: true, data: { code: '123456', agreed: true } })
    if (url.startsWith('/api/v6/auth/dev/confirm')) return json(200, { status: true, data: { status: true, phoneNumber: '+493012345678' } })
    if (url.startsWith('/api/v6/auth/check')) {
      if (opts.failCheckWith) return json(opts.failCheckWith.status, { status: false, status_code: opts.failCheckWith.status_code, message: 'x' })
      checks++
      if (confirmAfter !== null && checks >= confirmAfter) {
        return json(200, { status: true, data: { status: true, token: 'tok', phoneNumber: '+493012345678', profileId: 7, deviceId: 'dev-1', isNewUser: true } })
      }
      return json(200, { status: true, data: { status: false } })
    }
    return json(404, { status: false, status_code: 1004, message: 'no' })
  })
  return { calls, checkTimes: () => calls.filter((c) => c.url.startsWith('/api/v6/auth/check')).map((c) => c.at) }
}

async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0)
  })
}

describe('sign-in polling (SPEC.md section 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    localStorage.clear()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
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
})
