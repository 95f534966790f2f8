// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setSignedOutHandler } from '@/lib/signed-out'
import { apk, setApk } from '@/stores/apk'
import { auth, signedIn, signedOut } from '@/stores/auth'
import { acceptKey, enterWithKey, readKey } from './key'

const NOW = Date.UTC(2025, 2, 14)
const seconds = (ms: number) => Math.floor(ms / 1000)
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
/** A token as the server shapes them; the signature is never checked in the browser. */
const jwt = (claims: Record<string, unknown>) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.c2lnbmF0dXJl`

const PROFILE = {
  profileId: 9,
  phoneNumber: '+4915123459009',
  firstName: null,
  lastName: null,
  role: 'user',
  balance: 0,
  locale: 'en',
  antispy: false,
  profileGoing: true,
  overlimit: false,
  isPro: false,
  planTier: null,
  createdAtTimestamp: 1,
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const refused = () => json(403, { status: false, status_code: 1402, message: 'Your sign-in is invalid or has expired. Sign in again.' })

let fetchMock: ReturnType<typeof vi.fn>
const signedOutHandler = vi.fn()

beforeEach(() => {
  window.localStorage.clear()
  signedOut()
  setApk(false)
  signedIn({ token: 'current-session', phoneNumber: '+4915123450001', profileId: 3, deviceId: 'device-1', isNewUser: false })
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
  setSignedOutHandler(signedOutHandler)
  signedOutHandler.mockClear()
})
afterEach(() => vi.unstubAllGlobals())

/** Whoever was signed in before still is, and nobody was sent to /not-authorized. */
function expectUnchanged() {
  expect(auth.accessToken).toBe('current-session')
  expect(window.localStorage.getItem('token')).toBe('current-session')
  expect(auth.profileId).toBe(3)
  expect(signedOutHandler).not.toHaveBeenCalled()
}

describe('readKey', () => {
  it('tells one-time keys from session tokens, and refuses expired and undecodable ones', () => {
    expect(readKey(jwt({ sub: '9', typ: 'key', exp: seconds(NOW) + 60 }), NOW)).toEqual({ oneTime: true, apk: false })
    expect(readKey(jwt({ sub: '9', jti: 's', apk: true }), NOW)).toEqual({ oneTime: false, apk: true })
    expect(readKey(jwt({ sub: '9', exp: seconds(NOW) - 1 }), NOW)).toBeNull()
    expect(readKey('garbage', NOW)).toBeNull()
  })
})

describe('acceptKey', () => {
  it('trades a one-time key for a session and signs that user in', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { status: true, data: { token: 'traded-session', profileId: 9, phoneNumber: '+4915123459009' } }),
    )
    const key = jwt({ sub: '9', typ: 'key', jti: 'k1', exp: seconds(NOW) + 600 })
    await expect(acceptKey(key, 'en', NOW)).resolves.toBe(true)
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/v6/auth/key')
    expect(String(init.body)).toBe(`key=${key}`)
    expect(auth.accessToken).toBe('traded-session')
    expect(window.localStorage.getItem('token')).toBe('traded-session')
    expect(auth.profileId).toBe(9)
    // A second look at the same key (React's double effects) does not spend it again.
    await expect(acceptKey(key, 'en', NOW)).resolves.toBe(true)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('ignores a forged or used one-time key without signing anybody out', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { status: false, status_code: 400, message: 'This key is not valid, has expired or was already used' }),
    )
    await expect(acceptKey(jwt({ sub: '1', typ: 'key', jti: 'forged', exp: seconds(NOW) + 600 }), 'en', NOW)).resolves.toBe(false)
    expectUnchanged()
  })

  it('takes a session token once the server knows it, and keeps the session when it does not', async () => {
    fetchMock.mockResolvedValueOnce(refused())
    const forged = jwt({ sub: '1', jti: 'not-a-session', exp: seconds(NOW) + 600 })
    await expect(acceptKey(forged, 'en', NOW)).resolves.toBe(false)
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${forged}`)
    expectUnchanged()

    fetchMock.mockResolvedValueOnce(json(200, { status: true, data: PROFILE }))
    const session = jwt({ sub: '9', jti: 'live', exp: seconds(NOW) + 600, apk: true })
    await expect(acceptKey(session, 'en', NOW)).resolves.toBe(true)
    expect(auth.accessToken).toBe(session)
    expect(auth.profileId).toBe(9)
    expect(auth.phoneNumber).toBe(PROFILE.phoneNumber)
    expect(apk.isAPK).toBe(true)
    expect(window.localStorage.getItem('isAPK')).toBe('1')
  })

  it('asks nothing for an expired or undecodable key', async () => {
    await expect(acceptKey(jwt({ sub: '9', typ: 'key', exp: seconds(NOW) - 5 }), 'en', NOW)).resolves.toBe(false)
    await expect(acceptKey('not.a.token', 'en', NOW)).resolves.toBe(false)
    expect(fetchMock).not.toHaveBeenCalled()
    expectUnchanged()
  })

  it('survives the network failing', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'))
    await expect(acceptKey(jwt({ sub: '9', jti: 'net', exp: seconds(NOW) + 600 }), 'en', NOW)).resolves.toBe(false)
    expectUnchanged()
  })
})

describe('enterWithKey (issue 29: a link does not switch a signed-in browser to another account unasked)', () => {
  const oneTime = (sub: string, jti: string) => jwt({ sub, typ: 'key', jti, exp: seconds(NOW) + 600 })
  const peeked = (profileId: number, phoneNumber: string) => json(200, { status: true, data: { profileId, phoneNumber } })
  const traded = () => json(200, { status: true, data: { token: 'traded-session', profileId: 9, phoneNumber: '+4915123459009' } })
  const urls = () => fetchMock.mock.calls.map(([url]) => String(url))

  it('asks before taking another account’s key, and spends nothing when the answer is to stay', async () => {
    fetchMock.mockResolvedValueOnce(peeked(9, '+4915123459009'))
    const ask = vi.fn().mockResolvedValue(false)
    await expect(enterWithKey(oneTime('9', 'e1'), 'en', ask, NOW)).resolves.toBe(false)
    expect(ask).toHaveBeenCalledWith({ profileId: 3, phoneNumber: '+4915123450001' }, { profileId: 9, phoneNumber: '+4915123459009' })
    expect(urls()).toEqual(['/api/v6/auth/key/peek'])
    expectUnchanged()
  })

  it('switches when the person says so', async () => {
    fetchMock.mockResolvedValueOnce(peeked(9, '+4915123459009')).mockResolvedValueOnce(traded())
    await expect(enterWithKey(oneTime('9', 'e2'), 'en', () => Promise.resolve(true), NOW)).resolves.toBe(true)
    expect(urls()).toEqual(['/api/v6/auth/key/peek', '/api/v6/auth/key'])
    expect(auth.accessToken).toBe('traded-session')
    expect(auth.profileId).toBe(9)
  })

  it('asks nothing for a key of the same account, or in a browser nobody is signed in to', async () => {
    const ask = vi.fn()
    fetchMock
      .mockResolvedValueOnce(peeked(3, '+4915123450001'))
      .mockResolvedValueOnce(json(200, { status: true, data: { token: 'same-again', profileId: 3, phoneNumber: '+4915123450001' } }))
    await expect(enterWithKey(oneTime('3', 'e3'), 'en', ask, NOW)).resolves.toBe(true)
    expect(auth.accessToken).toBe('same-again')
    signedOut()
    fetchMock.mockClear().mockResolvedValueOnce(traded())
    await expect(enterWithKey(oneTime('9', 'e4'), 'en', ask, NOW)).resolves.toBe(true)
    expect(urls()).toEqual(['/api/v6/auth/key'])
    expect(ask).not.toHaveBeenCalled()
  })

  it('asks too before a session token of another account becomes the access token', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { status: true, data: PROFILE }))
    const ask = vi.fn().mockResolvedValue(false)
    await expect(enterWithKey(jwt({ sub: '9', jti: 'other-session', exp: seconds(NOW) + 600 }), 'en', ask, NOW)).resolves.toBe(false)
    expect(ask).toHaveBeenCalledOnce()
    expectUnchanged()
  })

  it('ignores a used or forged key without asking', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { status: false, status_code: 400, message: 'This key is not valid, has expired or was already used' }),
    )
    const ask = vi.fn()
    await expect(enterWithKey(oneTime('9', 'e5'), 'en', ask, NOW)).resolves.toBe(false)
    expect(ask).not.toHaveBeenCalled()
    expectUnchanged()
  })
})
