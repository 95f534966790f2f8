// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ERROR_CODES } from '@contract/errors'
import pkg from '../../package.json'
import { auth, signedIn, signedOut } from '@/stores/auth'
import { setSignedOutHandler } from './signed-out'

// The build writes the version in (vite.config.ts `define`); here the global stands in for it.
vi.hoisted(() => {
  ;(globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.1.0-test'
})
const { api, ApiError } = await import('./api')

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const ok = () => json(200, { status: true, data: {} })
const schema = z.object({ status: z.literal(true), data: z.object({}) })

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
})
afterEach(() => vi.unstubAllGlobals())

const headersOf = (call: number) => fetchMock.mock.calls[call][1].headers as Record<string, string>

describe('api client', () => {
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
    fetchMock.mockImplementation(async () => json(426, { status: false, status_code: ERROR_CODES.CLIENT_TOO_OLD, message: 'This version of the app is too old.' }))
    const failure = await api.get('/api/v6/numcy/balance', undefined, schema).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ status: 426, code: ERROR_CODES.CLIENT_TOO_OLD })
    expect(auth).toMatchObject({ accessToken: null, isAuthenticated: false })
    expect(window.localStorage.getItem('token')).toBeNull()
    expect(toNotAuthorized).toHaveBeenCalledTimes(1)

    // The same path as a refused session.
    signedIn({ token: 'session-2', phoneNumber: '+4915123450001', profileId: 3, deviceId: 'device-1', isNewUser: false })
    fetchMock.mockImplementation(async () => json(403, { status: false, status_code: ERROR_CODES.SESSION_INVALID, message: 'Sign in again.' }))
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
    fetchMock.mockImplementation(async () => json(403, { status: false, status_code: ERROR_CODES.POSTING_BANNED, message: 'You can no longer post here.' }))
    await expect(api.post('/api/v7/comment/add', { phone: '1', text: 'x' }, schema)).rejects.toMatchObject({ status: 403 })
    fetchMock.mockImplementation(async () => json(500, { status: false, status_code: 1000, message: 'Internal error' }))
    await expect(api.get('/api/v6/numcy/balance', undefined, schema)).rejects.toMatchObject({ status: 500 })
    expect(auth.accessToken).toBe('session-1')
    expect(toNotAuthorized).not.toHaveBeenCalled()
  })
})
