// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ERROR_CODES } from '@contract/errors'
import pkg from '../../package.json'
import { auth, signedIn, signedOut } from '@/stores/auth'
import { busy, resetBusy } from '@/stores/busy'
import { setSignedOutHandler } from './signed-out'

// The build writes the version in (vite.config.ts `define`); here the global stands in for it.
vi.hoisted(() => {
  ;(globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.1.0-test'
})
const { api, answerSchema, ApiError } = await import('./api')

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const ok = () => json(200, { status: true, data: {} })
const schema = async () => z.object({ status: z.literal(true), data: z.object({}) })

let fetchMock: ReturnType<typeof vi.fn>
const toNotAuthorized = vi.fn()

beforeEach(() => {
  window.localStorage.clear()
  signedOut()
  signedIn({ token: 'session-1', phoneNumber: '+4915123450001', profileId: 3, deviceId: 'device-1', isNewUser: false })
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
  setSignedOutHandler(toNotAuthorized)
  toNotAuthorized.mockClear()
  resetBusy()
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const headersOf = (call: number) => fetchMock.mock.calls[call][1].headers as Record<string, string>

describe('api client', () => {
  it('checks an answer against the contract schema the call names, outside production (ADR 0032)', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { status: true, data: { balance: 25 } }))
    await expect(api.get('/api/v6/numcy/balance', undefined, answerSchema('account', 'balanceResponse'))).resolves.toEqual({
      status: true,
      data: { balance: 25 },
    })
    // A balance the contract does not allow is refused here, not shown.
    fetchMock.mockResolvedValueOnce(json(200, { status: true, data: { balance: '25 coins' } }))
    await expect(api.get('/api/v6/numcy/balance', undefined, answerSchema('account', 'balanceResponse'))).rejects.toThrow(/balance/)
  })

  it('sends the app version as X-Client-Version on every call, GET and POST, signed in or not', async () => {
    fetchMock.mockImplementation(async () => ok())
    await api.get('/api/v6/numcy/balance', undefined, schema)
    await api.post('/api/v6/history/clear', {}, schema)
    signedOut()
    await api.get('/api/v202305/main/load', { lang: 'en' }, schema)
    for (const call of [0, 1, 2]) expect(headersOf(call)['x-client-version']).toBe('0.1.0-test')
    expect(headersOf(0).authorization).toBe('Bearer session-1')
    expect(headersOf(2).authorization).toBeUndefined()
  })

  it('builds the version into the bundle from package.json', async () => {
    const config = (await import('../../vite.config.ts')).default as { define?: Record<string, string> }
    expect(config.define?.__APP_VERSION__).toBe(JSON.stringify(pkg.version))
  })

  it('on 426 clears the token and goes to /not-authorized, the way a refused session does', async () => {
    fetchMock.mockImplementation(async () =>
      json(426, { status: false, status_code: ERROR_CODES.CLIENT_TOO_OLD, message: 'This version of the app is too old.' }),
    )
    const failure = await api.get('/api/v6/numcy/balance', undefined, schema).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ status: 426, code: ERROR_CODES.CLIENT_TOO_OLD })
    expect(auth).toMatchObject({ accessToken: null, isAuthenticated: false })
    expect(window.localStorage.getItem('token')).toBeNull()
    expect(toNotAuthorized).toHaveBeenCalledTimes(1)

    // The same path as a refused session.
    signedIn({ token: 'session-2', phoneNumber: '+4915123450001', profileId: 3, deviceId: 'device-1', isNewUser: false })
    fetchMock.mockImplementation(async () =>
      json(403, { status: false, status_code: ERROR_CODES.SESSION_INVALID, message: 'Sign in again.' }),
    )
    await expect(api.get('/api/v6/numcy/balance', undefined, schema)).rejects.toBeInstanceOf(ApiError)
    expect(window.localStorage.getItem('token')).toBeNull()
    expect(toNotAuthorized).toHaveBeenCalledTimes(2)
  })

  it('sends a signed-out client that is too old to /not-authorized too', async () => {
    signedOut()
    fetchMock.mockImplementation(async () => json(426, { status: false, status_code: ERROR_CODES.CLIENT_TOO_OLD, message: 'Too old.' }))
    await expect(api.get('/api/v202305/main/load', undefined, schema)).rejects.toMatchObject({ status: 426 })
    expect(toNotAuthorized).toHaveBeenCalledTimes(1)
  })

  it('keeps the session on a 403 that refuses one action only, and on other failures', async () => {
    fetchMock.mockImplementation(async () =>
      json(403, { status: false, status_code: ERROR_CODES.POSTING_BANNED, message: 'You can no longer post here.' }),
    )
    await expect(api.post('/api/v7/comment/add', { phone: '1', text: 'x' }, schema)).rejects.toMatchObject({ status: 403 })
    fetchMock.mockImplementation(async () => json(500, { status: false, status_code: 1000, message: 'Internal error' }))
    await expect(api.get('/api/v6/numcy/balance', undefined, schema)).rejects.toMatchObject({ status: 500 })
    expect(auth.accessToken).toBe('session-1')
    expect(toNotAuthorized).not.toHaveBeenCalled()
  })
})

describe('api client when the server is busy', () => {
  const busyAnswer = (status: 503 | 429, retryAfter?: string) =>
    new Response(
      JSON.stringify({
        status: false,
        status_code: status === 503 ? ERROR_CODES.SERVER_BUSY : ERROR_CODES.RATE_LIMITED,
        message: 'The service is busy; try again in 2 s',
      }),
      {
        status,
        headers: { 'content-type': 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) },
      },
    )
  const answers = (...list: Response[]) => {
    for (const res of list) fetchMock.mockResolvedValueOnce(res)
  }
  /** The call's outcome, kept so that a rejection is not reported before the test looks at it. */
  const settle = <T>(call: Promise<T>) =>
    call.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    )
  const noticeSeconds = () => Math.ceil((busy.until - Date.now()) / 1000)

  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 2, 14, 9, 30) }))

  it('says the service is busy, waits the seconds of Retry-After and asks again by itself (a read)', async () => {
    answers(busyAnswer(503, '2'), ok())
    const call = settle(api.get('/api/v202505/search/4930123456', undefined, schema))
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(busy.retrying).toBe(true)
    expect(noticeSeconds()).toBe(2)
    await vi.advanceTimersByTimeAsync(1900)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(100)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(await call).toEqual({ value: { status: true, data: {} } })
    expect(fetchMock.mock.calls[1][0]).toBe('/api/v202505/search/4930123456')
  })

  it('waits out a rate limit (429 with Retry-After) the same way', async () => {
    answers(busyAnswer(429, '5'), ok())
    const call = settle(api.get('/api/v6/numcy/balance', undefined, schema))
    await vi.advanceTimersByTimeAsync(0)
    expect(noticeSeconds()).toBe(5)
    await vi.advanceTimersByTimeAsync(5000)
    expect(await call).toEqual({ value: { status: true, data: {} } })
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('asks a keyed money call again with the same Idempotency-Key', async () => {
    answers(busyAnswer(503, '1'), ok())
    const call = settle(api.post('/api/v6/payment/dev/pay', { id: 'x' }, schema, { idempotencyKey: 'key-1' }))
    await vi.advanceTimersByTimeAsync(1000)
    expect(await call).toEqual({ value: { status: true, data: {} } })
    expect(headersOf(0)['idempotency-key']).toBe('key-1')
    expect(headersOf(1)['idempotency-key']).toBe('key-1')
  })

  it('does not repeat a write without a key: it fails at once and the notice says when to try again', async () => {
    answers(busyAnswer(503, '3'))
    const outcome = await settle(api.post('/api/v7/comment/add', { phone: '1', text: 'x' }, schema))
    expect(outcome).toEqual({ error: expect.objectContaining({ status: 503, code: ERROR_CODES.SERVER_BUSY }) })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(busy.retrying).toBe(false)
    expect(noticeSeconds()).toBe(3)
    expect(auth.accessToken).toBe('session-1')
  })

  it('gives up after three waits, and does not wait at all for a minute or more', async () => {
    answers(busyAnswer(503, '1'), busyAnswer(503, '1'), busyAnswer(503, '1'), busyAnswer(503, '1'))
    const call = settle(api.get('/api/v6/numcy/balance', undefined, schema))
    await vi.advanceTimersByTimeAsync(3000)
    expect(await call).toEqual({ error: expect.objectContaining({ status: 503 }) })
    expect(fetchMock).toHaveBeenCalledTimes(4)
    expect(busy.retrying).toBe(false)

    fetchMock.mockReset()
    answers(busyAnswer(429, '120'))
    // The failure keeps the wait, for the message that tells it (lib/failure-text.ts).
    expect(await settle(api.get('/api/v6/numcy/balance', undefined, schema))).toEqual({
      error: expect.objectContaining({ status: 429, code: ERROR_CODES.RATE_LIMITED, retryAfter: 120 }),
    })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(noticeSeconds()).toBe(120)
  })

  it('reads Retry-After as a date too, and treats a 503 without it as a plain failure', async () => {
    answers(busyAnswer(503, new Date(Date.now() + 4000).toUTCString()), ok())
    const call = settle(api.get('/api/v6/numcy/balance', undefined, schema))
    await vi.advanceTimersByTimeAsync(0)
    expect(noticeSeconds()).toBe(4)
    await vi.advanceTimersByTimeAsync(4000)
    expect(await call).toEqual({ value: { status: true, data: {} } })

    resetBusy()
    fetchMock.mockReset()
    answers(busyAnswer(503))
    expect(await settle(api.get('/api/v6/numcy/balance', undefined, schema))).toEqual({ error: expect.objectContaining({ status: 503 }) })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(busy.until).toBe(0)
  })
})
