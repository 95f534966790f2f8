import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { authCodes, users } from '../../server/db/schema'
import { form, sign, TEST_HOST, type TestApp } from './app'

export interface StartedCode {
  code: string
  auth: Array<{ method: string; link?: string; number?: string; text?: string; callNumber?: string }>
}

/**
 * The sign-in code flow as the web app drives it (signed calls), with the checks the
 * provider webhook tests share: ask for a code, accept its terms, poll it, and see it
 * confirmed for a number or not. `app` is read when called (tests build it in beforeAll).
 */
export function codeFlow(app: () => TestApp) {
  const headers = { host: TEST_HOST }
  const formHeaders = { ...headers, 'content-type': 'application/x-www-form-urlencoded' }
  async function startCode(): Promise<StartedCode> {
    const res = await app().app.inject({
      method: 'GET',
      url: '/api/v202111/auth/get',
      headers,
      query: sign('GET', '/api/v202111/auth/get', { lang: 'en', platform: 'WEB' }),
    })
    expect(res.statusCode).toBe(200)
    return res.json().data as StartedCode
  }
  async function agree(code: string) {
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/v6/auth/agreement_code',
      headers: formHeaders,
      payload: form(sign('POST', '/api/v6/auth/agreement_code', { code })),
    })
    expect(res.statusCode).toBe(200)
  }
  async function agreedCode() {
    const { code } = await startCode()
    await agree(code)
    return code
  }
  const check = (code: string) =>
    app().app.inject({
      method: 'GET',
      url: '/api/v6/auth/check',
      headers,
      query: sign('GET', '/api/v6/auth/check', { code, token_type: 'jwt' }),
    })
  async function expectUnconfirmed(code: string) {
    const res = await check(code)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: true, data: { status: false } })
  }
  async function expectToken(code: string, phoneNumber: string) {
    const res = await check(code)
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({ status: true, phoneNumber })
    expect(data.token.split('.')).toHaveLength(3)
    const [user] = await app().database.db.select({ id: users.id }).from(users).where(eq(users.phone, phoneNumber))
    expect(user?.id).toBe(data.profileId)
    return data
  }
  async function expireCode(code: string) {
    await app()
      .database.db.update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authCodes.code, code))
  }
  return { headers, formHeaders, startCode, agree, agreedCode, check, expectUnconfirmed, expectToken, expireCode }
}
