import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, form, sign, signIn, TEST_HOST, type TestApp } from '../../../tests/support/app'
import { ERROR_CODES } from '../../../contract/errors'

const headers = { host: TEST_HOST }
const formHeaders = { ...headers, 'content-type': 'application/x-www-form-urlencoded' }

describe.each(backends)('sign-in on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
  })
  afterAll(async () => t?.close())

  async function startCode() {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v202111/auth/get',
      headers,
      query: sign('GET', '/api/v202111/auth/get', { lang: 'en', platform: 'WEB' }),
    })
    expect(res.statusCode).toBe(200)
    return res.json().data as { code: string; expiresIn: number; auth: Array<{ method: string }> }
  }
  const check = (code: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v6/auth/check',
      headers,
      query: sign('GET', '/api/v6/auth/check', { code, token_type: 'jwt' }),
    })
  const agree = (code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v6/auth/agreement_code',
      headers: formHeaders,
      payload: form(sign('POST', '/api/v6/auth/agreement_code', { code })),
    })
  const devConfirm = (code: string, phone: string) =>
    t.app.inject({ method: 'POST', url: '/api/v6/auth/dev/confirm', headers, payload: { code, phone } })

  it('hands out a six-digit code valid 120 s with the configured methods', async () => {
    const data = await startCode()
    expect(data.code).toMatch(/^\d{6}$/)
    expect(data.expiresIn).toBe(120)
    expect(data.auth.map((a) => a.method)).toEqual(['dev'])
  })

  it('goes from code to token: not confirmed, confirmed, token once', async () => {
    const { code } = await startCode()
    expect((await agree(code)).statusCode).toBe(200)
    expect((await check(code)).json()).toEqual({ status: true, data: { status: false } })
    expect((await devConfirm(code, '+49 30 12345678')).json().data.phoneNumber).toBe('+493012345678')
    const ok = (await check(code)).json().data
    expect(ok).toMatchObject({ status: true, phoneNumber: '+493012345678', isNewUser: true })
    expect(ok.token.split('.')).toHaveLength(3)
    const again = await check(code)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ status: false, status_code: ERROR_CODES.CODE_USED })
    const me = await t.app.inject({ method: 'GET', url: '/api/v6/profile/my', headers: bearer(ok.token) })
    expect(me.json().data).toMatchObject({ phoneNumber: '+493012345678', profileId: ok.profileId, balance: 0, role: 'user' })
  })

  it('confirms a code once and refuses to exchange it before the terms are accepted', async () => {
    const { code } = await startCode()
    expect((await devConfirm(code, '+4915123456789')).statusCode).toBe(200)
    expect((await devConfirm(code, '+4915123456780')).json().status_code).toBe(ERROR_CODES.CODE_USED)
    const refused = await check(code)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().status_code).toBe(ERROR_CODES.CODE_TERMS_NOT_ACCEPTED)
    await agree(code)
    expect((await check(code)).json().data.phoneNumber).toBe('+4915123456789')
  })

  it('signs the same number in as the same user, not a new one', async () => {
    const first = await signIn(t.app, '+12015550123')
    const second = await signIn(t.app, '+1 201 555 0123')
    expect(second.profileId).toBe(first.profileId)
    expect(second.isNewUser).toBe(false)
  })

  it('revokes the token on logout', async () => {
    const { token } = await signIn(t.app, '+442079460018')
    expect((await t.app.inject({ method: 'GET', url: '/api/v6/numcy/balance', headers: bearer(token) })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'POST', url: '/api/v6/auth/logout', headers: bearer(token) })).statusCode).toBe(200)
    const after = await t.app.inject({ method: 'GET', url: '/api/v6/numcy/balance', headers: bearer(token) })
    expect(after.statusCode).toBe(403)
    expect(after.json().message).toMatch(/signed out/i)
  })

  it('refuses an expired code everywhere', async () => {
    const { code } = await startCode()
    await agree(code)
    const { authCodes } = await import('../../db/schema')
    const { eq } = await import('drizzle-orm')
    await t.database.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authCodes.code, code))
    const confirm = await devConfirm(code, '+4915123456781')
    expect(confirm.statusCode).toBe(400)
    expect(confirm.json().status_code).toBe(ERROR_CODES.CODE_EXPIRED)
    const res = await check(code)
    expect(res.statusCode).toBe(400)
    expect(res.json().status_code).toBe(ERROR_CODES.CODE_EXPIRED)
    expect((await agree(code)).json().status_code).toBe(ERROR_CODES.CODE_EXPIRED)
  })

  describe('bad input', () => {
    it('rejects a wrong signature, a foreign host, an old timestamp and a replayed nonce', async () => {
      const path = '/api/v202111/auth/get'
      const good = sign('GET', path, { lang: 'en' })
      const tampered = { ...good, lang: 'fr' }
      let res = await t.app.inject({ method: 'GET', url: path, headers, query: tampered })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.SIGNATURE_INVALID })
      res = await t.app.inject({ method: 'GET', url: path, headers: { host: 'evil.example' }, query: sign('GET', path, {}) })
      expect(res.json().status_code).toBe(ERROR_CODES.SIGNATURE_INVALID)
      res = await t.app.inject({ method: 'GET', url: path, headers, query: sign('GET', path, {}, { secret: 'wrong' }) })
      expect(res.json().status_code).toBe(ERROR_CODES.SIGNATURE_INVALID)
      res = await t.app.inject({
        method: 'GET',
        url: path,
        headers,
        query: sign('GET', path, {}, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      })
      expect(res.json().status_code).toBe(ERROR_CODES.SIGNATURE_EXPIRED)
      expect((await t.app.inject({ method: 'GET', url: path, headers, query: good })).statusCode).toBe(200)
      res = await t.app.inject({ method: 'GET', url: path, headers, query: good })
      expect(res.statusCode).toBe(400)
      expect(res.json().status_code).toBe(ERROR_CODES.SIGNATURE_REPLAYED)
    })

    it('rejects unsigned calls and malformed codes with a readable message', async () => {
      let res = await t.app.inject({ method: 'GET', url: '/api/v6/auth/check', headers, query: { code: '123456', token_type: 'jwt' } })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(/cnonce|signature|timestamp/)
      res = await t.app.inject({
        method: 'GET',
        url: '/api/v6/auth/check',
        headers,
        query: sign('GET', '/api/v6/auth/check', { code: '12ab', token_type: 'jwt' }),
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(/code must be 6 digits/)
      res = await t.app.inject({
        method: 'POST',
        url: '/api/v6/auth/dev/confirm',
        headers,
        payload: { code: '123456', phone: 'x'.repeat(500) },
      })
      expect(res.statusCode).toBe(400)
    })

    it('refuses a number that is not a phone number in dev sign-in', async () => {
      const { code } = await startCode()
      const res = await devConfirm(code, '12345')
      expect(res.statusCode).toBe(400)
      expect(res.json().status_code).toBe(ERROR_CODES.NUMBER_INVALID)
      expect((await check(code)).json().data).toEqual({ status: false })
    })

    it('refuses forged, expired and malformed tokens with 403 and a missing one with 401', async () => {
      const url = '/api/v6/numcy/balance'
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401)
      const { token } = await signIn(t.app, '+33123456789')
      const [h, p] = token.split('.')
      const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: '999' })).toString(
        'base64url',
      )
      for (const bad of [
        `${h}.${forgedPayload}.${token.split('.')[2]}`,
        'not-a-jwt',
        `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bad}` } })
        expect(res.statusCode).toBe(403)
        expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.SESSION_INVALID })
      }
      const { createTokenService } = await import('./tokens')
      const expired = await createTokenService('x'.repeat(40)).sign({ userId: 1, sessionId: 'nope' }, -10)
      expect((await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${expired}` } })).statusCode).toBe(403)
    })
  })
})

describe('wrong-code cap', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite', { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
  })
  afterAll(async () => t?.close())

  it('stops answering after ten wrong codes from one address, even for a right one', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/v202111/auth/get',
      headers,
      query: sign('GET', '/api/v202111/auth/get', {}),
    })
    const real = start.json().data.code as string
    const wrong = real === '000000' ? '000001' : '000000'
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v6/auth/check',
        headers,
        query: sign('GET', '/api/v6/auth/check', { code: wrong, token_type: 'jwt' }),
      })
      expect(res.json().status_code).toBe(ERROR_CODES.CODE_UNKNOWN)
    }
    const blocked = await t.app.inject({
      method: 'GET',
      url: '/api/v6/auth/check',
      headers,
      query: sign('GET', '/api/v6/auth/check', { code: real, token_type: 'jwt' }),
    })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().status_code).toBe(ERROR_CODES.CODE_TOO_MANY_ATTEMPTS)
  })
})

describe('sign-in budget', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite', { AUTH_RATE_LIMIT_PER_MINUTE: '5' })
  })
  afterAll(async () => t?.close())

  it('is one budget per address across all sign-in calls, and calls with a bad signature count too', async () => {
    for (let i = 0; i < 3; i++) {
      const forged = await t.app.inject({
        method: 'GET',
        url: '/api/v202111/auth/get',
        headers,
        query: { cnonce: `x${i}`, timestamp: '1', signature: 'bad' },
      })
      expect(forged.statusCode).toBeGreaterThanOrEqual(400)
      expect(forged.statusCode).toBeLessThan(429)
    }
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v6/auth/dev/confirm',
        headers,
        payload: { code: '000000', phone: '+493012345678' },
      })
      expect(res.statusCode).not.toBe(429)
    }
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v6/auth/check',
      headers,
      query: sign('GET', '/api/v6/auth/check', { code: '123456', token_type: 'jwt' }),
    })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ status: false, status_code: ERROR_CODES.RATE_LIMITED })
    // Another address has its own budget.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/v202111/auth/get',
      headers,
      remoteAddress: '10.9.8.7',
      query: sign('GET', '/api/v202111/auth/get', {}),
    })
    expect(other.statusCode).toBe(200)
  })
})

describe('production configuration', () => {
  it('has no development sign-in', async () => {
    const t = await createTestApp('pglite', { AUTH_DEV: '0' })
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v6/auth/dev/confirm',
        headers,
        payload: { code: '123456', phone: '+493012345678' },
      })
      expect(res.statusCode).toBe(404)
      const start = await t.app.inject({
        method: 'GET',
        url: '/api/v202111/auth/get',
        headers,
        query: sign('GET', '/api/v202111/auth/get', {}),
      })
      expect(start.json().data.auth).toEqual([])
    } finally {
      await t.close()
    }
  })
})
