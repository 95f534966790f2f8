import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../../contract/errors'
import { bearer, createTestApp, signIn, type TestApp } from '../../tests/support/app'
import { notes, numbers } from '../db/schema'
import { compareVersions, parseVersion } from './client-version'

describe('version numbers', () => {
  it('reads major.minor.patch, with an optional v and a suffix, and compares them part by part', () => {
    expect(parseVersion('0.1.0')).toEqual([0, 1, 0])
    expect(parseVersion('v2.10.3-beta.1')).toEqual([2, 10, 3])
    expect(parseVersion(' 1.2.3+build ')).toEqual([1, 2, 3])
    for (const bad of ['', '1', '1.2', 'one.two.three', '1.2.3.4', '../1.2.3']) expect(parseVersion(bad), bad).toBeNull()
    expect(compareVersions([1, 10, 0], [1, 9, 9])).toBeGreaterThan(0)
    expect(compareVersions([0, 9, 0], [0, 10, 0])).toBeLessThan(0)
    expect(compareVersions([2, 0, 0], [2, 0, 0])).toBe(0)
  })
})

describe('the oldest web app the API serves (MIN_CLIENT_VERSION)', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp('pglite', { MIN_CLIENT_VERSION: '1.2.0', AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    token = (await signIn(t.app, '+4915170700001')).token
  })
  afterAll(async () => t?.close())

  const call = (method: 'GET' | 'POST', url: string, version?: string, payload?: Record<string, string>) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...(version === undefined ? {} : { 'x-client-version': version }) },
      ...(payload ? { payload } : {}),
    })

  it('answers 426 CLIENT_TOO_OLD to an older web app on every API call, with a message that says to reload', async () => {
    for (const [method, url] of [
      ['GET', '/api/v6/profile/my'],
      ['GET', '/api/v202305/main/load'],
      ['POST', '/api/v6/privacy/delete'],
      ['GET', '/api/v6/nope'],
    ] as const) {
      const res = await call(method, url, '1.1.9')
      expect(res.statusCode, url).toBe(426)
      expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.CLIENT_TOO_OLD })
      expect(res.json().message).toMatch(/1\.1\.9.*no longer supported.*1\.2\.0 or newer.*Reload/)
    }
    for (const old of ['0.9.99', '1.1.0', 'v1.0.0']) expect((await call('GET', '/api/v6/profile/my', old)).statusCode, old).toBe(426)
  })

  it('changes nothing for a refused call', async () => {
    const res = await call('POST', '/api/v7/notice/add', '1.0.0', { phone: '+493070700001', text: 'not saved' })
    expect(res.statusCode).toBe(426)
    expect(await t.database.db.select().from(numbers).where(eq(numbers.e164, '+493070700001'))).toEqual([])
    expect(await t.database.db.select().from(notes)).toEqual([])
  })

  it('serves the same and newer versions, calls without the header, headers that are no version, and the health check', async () => {
    for (const version of ['1.2.0', '1.2.1', '1.10.0', '2.0.0', undefined, 'dev', '']) {
      expect((await call('GET', '/api/v6/profile/my', version)).statusCode, String(version)).toBe(200)
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/health?x=1', headers: { 'x-client-version': '0.0.1' } })
    expect(health.statusCode).toBe(200)
  })

  it('leaves every version alone when MIN_CLIENT_VERSION is not set', async () => {
    const open = await createTestApp('pglite')
    try {
      const res = await open.app.inject({ method: 'GET', url: '/api/v6/profile/my', headers: { 'x-client-version': '0.0.1' } })
      expect(res.statusCode).toBe(401)
    } finally {
      await open.close()
    }
  })
})
