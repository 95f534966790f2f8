import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIMITS } from '../../../contract/constants'
import { ERROR_CODES } from '../../../contract/errors'
import { createTestApp, form, sign, TEST_HOST, type TestApp } from '../../../tests/support/app'
import { backends } from '../../../tests/support/database'

const headers = { host: TEST_HOST }
const formHeaders = { ...headers, 'content-type': 'application/x-www-form-urlencoded' }

/** Addresses of one IPv6 /64 that a host picks from freely (privacy addresses, or simply every one it has). */
const inNet = (prefix: string, i: number) => `${prefix}:${(i + 1).toString(16)}:${(i * 7 + 3).toString(16)}:a:${i.toString(16)}`

/**
 * Issue 29: wrong sign-in codes are capped per network (an IPv4 address, an IPv6 /64), and
 * a code hands its token only to the network that asked for it, so rotating addresses
 * does not buy guesses at live codes.
 */
describe.each(backends)('sign-in code guesses on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend, {
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      TWILIO_AUTH_TOKEN: 'twilio-guess-limits',
      TWILIO_VOICE_NUMBER: '+14155550103',
      PUBLIC_URL: 'https://callerid.example',
    })
  })
  afterAll(async () => t?.close())

  const check = (code: string, remoteAddress: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v6/auth/check',
      headers,
      remoteAddress,
      query: sign('GET', '/api/v6/auth/check', { code, token_type: 'jwt' }),
    })
  const startCode = async (remoteAddress: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v202111/auth/get',
      headers,
      remoteAddress,
      query: sign('GET', '/api/v202111/auth/get', { lang: 'en' }),
    })
    expect(res.statusCode).toBe(200)
    return res.json().data.code as string
  }
  const agree = (code: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v6/auth/agreement_code',
      headers: formHeaders,
      remoteAddress,
      payload: form(sign('POST', '/api/v6/auth/agreement_code', { code })),
    })
  const confirm = (code: string, phone: string) =>
    t.app.inject({ method: 'POST', url: '/api/v6/auth/dev/confirm', headers, payload: { code, phone } })
  /** A code no one was given (a handful of random codes is issued here: a clash is a one-in-a-million chance). */
  const wrongCode = (i: number) => `9${String(i).padStart(5, '0')}`

  it('caps wrong codes per IPv6 /64, whichever address of it guesses; another /64 keeps its own count', async () => {
    for (let i = 0; i < LIMITS.authWrongCodeAttempts; i++) {
      const res = await check(wrongCode(i), inNet('2001:db8:1:1', i))
      expect(res.statusCode, `guess ${i}`).toBe(400)
      expect(res.json().status_code).toBe(ERROR_CODES.CODE_UNKNOWN)
    }
    for (let i = 0; i < 5; i++) {
      const refused = await check(wrongCode(100 + i), inNet('2001:db8:1:1', 50 + i))
      expect(refused.statusCode).toBe(429)
      expect(refused.json().status_code).toBe(ERROR_CODES.CODE_TOO_MANY_ATTEMPTS)
    }
    // The next /64 has its own count.
    const neighbour = await check(wrongCode(200), '2001:db8:1:2::1')
    expect(neighbour.statusCode).toBe(400)
    expect(neighbour.json().status_code).toBe(ERROR_CODES.CODE_UNKNOWN)
  })

  it('counts an IPv4 address alike whether it arrives as IPv4 or IPv4-mapped IPv6', async () => {
    for (let i = 0; i < LIMITS.authWrongCodeAttempts; i++) {
      expect((await check(wrongCode(300 + i), i % 2 ? '198.51.100.7' : '::ffff:198.51.100.7')).statusCode).toBe(400)
    }
    expect((await check(wrongCode(400), '::ffff:198.51.100.7')).statusCode).toBe(429)
    expect((await check(wrongCode(401), '198.51.100.7')).statusCode).toBe(429)
    expect((await check(wrongCode(402), '198.51.100.8')).statusCode).toBe(400)
  })

  it('hands a code’s token only to the network that asked for the code: guesses from other networks never win it', async () => {
    const owner = '2001:db8:77:1::10'
    const code = await startCode(owner)
    expect((await agree(code, owner)).statusCode).toBe(200)
    // Nor can a guessed code be pointed at the guesser's number for a flash call.
    const pointed = await t.app.inject({
      method: 'POST',
      url: '/api/v6/auth/flashcall',
      headers: formHeaders,
      remoteAddress: '2001:db8:99:ff::1',
      payload: form(sign('POST', '/api/v6/auth/flashcall', { code, phone: '+14155550999' })),
    })
    expect(pointed.statusCode).toBe(400)
    expect(pointed.json().status_code).toBe(ERROR_CODES.CODE_UNKNOWN)
    expect((await confirm(code, '+493012340077')).statusCode).toBe(200)
    // An attacker who rotates networks and guesses the right code at last gets nothing from it.
    for (let i = 0; i < 20; i++) {
      const res = await check(code, i % 2 ? `2001:db8:99:${i.toString(16)}::1` : `203.0.113.${i + 1}`)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.CODE_UNKNOWN })
    }
    // Such a check counts as a wrong guess for its network.
    for (let i = 1; i < LIMITS.authWrongCodeAttempts; i++) expect((await check(code, '2001:db8:99:1::1')).statusCode).toBe(400)
    expect((await check(code, '2001:db8:99:1::1')).statusCode).toBe(429)
    // The owner's browser, on another address of its /64 now, still signs in.
    const own = await check(code, '2001:db8:77:1::beef')
    expect(own.statusCode).toBe(200)
    expect(own.json().data).toMatchObject({ status: true, phoneNumber: '+493012340077', token: expect.any(String) })
  })
})

describe('sign-in budget per network', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite', { AUTH_RATE_LIMIT_PER_MINUTE: '3' })
  })
  afterAll(async () => t?.close())
  const get = (remoteAddress: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v202111/auth/get',
      headers,
      remoteAddress,
      query: sign('GET', '/api/v202111/auth/get', { lang: 'en' }),
    })

  it('shares one budget among the addresses of an IPv6 /64', async () => {
    for (let i = 0; i < 3; i++) expect((await get(inNet('2001:db8:5:5', i))).statusCode).toBe(200)
    const refused = await get(inNet('2001:db8:5:5', 9))
    expect(refused.statusCode).toBe(429)
    expect(refused.json().status_code).toBe(ERROR_CODES.RATE_LIMITED)
    expect((await get('2001:db8:5:6::1')).statusCode).toBe(200)
  })
})
