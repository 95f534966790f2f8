import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from '../tests/support/database'
import { bearer, createTestApp, form, sign, signIn, TEST_HOST, type TestApp } from '../tests/support/app'
import { healthResponse } from '../contract/api/account'
import { errorEnvelope } from '../contract/api/envelope'
import { ERROR_CODES } from '../contract/errors'
import { helmetHeaders, machineHeaders } from './plugins/security'
import { shellScriptHash } from './modules/web-shell/shell'

const headers = { host: TEST_HOST }

/** Every failure answers the JSON error envelope with its HTTP status as a 4xx, never a 5xx. */
function expectEnvelope(res: { statusCode: number; json(): unknown; body: string }, status: number, code?: number) {
  expect(res.statusCode, res.body).toBe(status)
  const body = errorEnvelope.parse(res.json())
  if (code !== undefined) expect(body.status_code).toBe(code)
  expect(body.message.length).toBeGreaterThan(0)
  return body
}

describe.each(backends)('the API server on %s', (backend) => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp(backend)
    token = (await signIn(t.app, '+4915122222201')).token
  })
  afterAll(async () => t?.close())

  it('answers unknown API paths with a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/api/v6/nope'],
      ['DELETE', '/api/v6/history/list'],
      ['GET', '/localeModule/xx'],
      ['GET', `/api/${'x'.repeat(5000)}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(token) })
      const body = expectEnvelope(res, 404, ERROR_CODES.NOT_FOUND)
      expect(body.message.length).toBeLessThan(300)
    }
  })

  it('refuses a content type the API does not read with 415', async () => {
    for (const type of ['text/plain', 'application/xml', 'text/xml', 'application/octet-stream', 'image/png']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v6/history/add',
        headers: { ...bearer(token), 'content-type': type },
        payload: 'phoneNumber=+493012345678',
      })
      const body = expectEnvelope(res, 415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE)
      expect(body.message).toContain(type)
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/v6/history/list', headers: bearer(token) })
    expect(list.json().data.total).toBe(0)
  })

  it('refuses bodies over the limit with 413: 1 MiB of JSON, 64 KiB of form data', async () => {
    const bigJson = JSON.stringify({ phoneNumber: '+493012345678', pad: 'x'.repeat(1024 * 1024) })
    expectEnvelope(
      await t.app.inject({
        method: 'POST',
        url: '/api/v6/history/add',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: bigJson,
      }),
      413,
      ERROR_CODES.BODY_TOO_LARGE,
    )
    const bigForm = form({ phoneNumber: '+493012345678', pad: 'x'.repeat(65 * 1024) })
    expectEnvelope(
      await t.app.inject({
        method: 'POST',
        url: '/api/v6/history/add',
        headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: bigForm,
      }),
      413,
      ERROR_CODES.BODY_TOO_LARGE,
    )
    // Webhooks keep the raw bytes and read less.
    const bigHook = JSON.stringify({ object: 'whatsapp_business_account', pad: 'x'.repeat(300 * 1024) })
    expectEnvelope(
      await t.app.inject({
        method: 'POST',
        url: '/api/v6/auth/webhook/whatsapp',
        headers: { 'content-type': 'application/json' },
        payload: bigHook,
      }),
      413,
      ERROR_CODES.BODY_TOO_LARGE,
    )
    // Just under the limits is read (and then judged on its fields).
    const okForm = form({ phoneNumber: '+493012345678', pad: 'x'.repeat(60 * 1024) })
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v6/history/add',
          headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
          payload: okForm,
        })
      ).statusCode,
    ).toBe(200)
  })

  it('refuses invalid JSON with 400', async () => {
    for (const payload of ['{', '{"phoneNumber":', 'not json', '{"a":1}}', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v6/history/add',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload,
      })
      expectEnvelope(res, 400)
    }
    const dev = await t.app.inject({
      method: 'POST',
      url: '/api/v6/auth/dev/confirm',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"code":',
    })
    expectEnvelope(dev, 400)
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v6/auth/webhook/telegram',
      headers: { 'content-type': 'application/json' },
      payload: '{"update_id":',
    })
    expect(hook.statusCode).toBeLessThan(500)
  })

  it('answers a malformed multipart body with 400, not 500', async () => {
    for (const [type, payload] of [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=abc', '--abc\r\nbroken'],
      [`multipart/form-data; boundary=${'b'.repeat(300)}`, 'x'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v6/history/add',
        headers: { ...bearer(token), 'content-type': type },
        payload,
      })
      expect(expectEnvelope(res, 400, ERROR_CODES.VALIDATION).message).toMatch(/multipart/)
    }
  })

  it('reports its health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(healthResponse.parse(res.json()).data.db).toBe('ok')
  })

  it('publishes an OpenAPI 3 document of its routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(doc.info.title).toBeTruthy()
    const paths = Object.keys(doc.paths)
    for (const p of [
      '/api/v202505/search/{number}',
      '/api/v202111/auth/get',
      '/api/v6/auth/agreement_code',
      '/api/v6/auth/check',
      '/api/v6/auth/logout',
      '/api/v6/history/list',
      '/api/v6/history/add',
      '/api/health',
    ]) {
      expect(paths, p).toContain(p)
    }
    expect(paths.some((p) => p.startsWith('/api/v6/auth/webhook/'))).toBe(true)
    expect(doc.paths['/api/v202505/search/{number}'].get.parameters.map((p: { name: string }) => p.name)).toContain('number')
  })

  it('sends security headers: a page helmet’s whole set, an answer programs read the API’s', async () => {
    // The whole set helmet makes of our options, on anything that may be a page: the web app's paths,
    // and a look-alike of a machine root (`/carddavx` is the web app's, not CardDAV's).
    const page = helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'", shellScriptHash],
          frameSrc: ["'self'"],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    })
    expect(page.length).toBeGreaterThan(8)
    expect(Object.fromEntries(page)['content-security-policy']).toContain(`script-src 'self' ${shellScriptHash}`)
    for (const url of ['/login', '/number/491637875622', '/carddavx', '/apix/health']) {
      const res = await t.app.inject({ method: 'GET', url })
      for (const [name, value] of page) expect(res.headers[name], `${url} ${name}`).toBe(value)
    }
    // An answer a program reads (the API, PhoneBlock's API, CardDAV, the locale modules): the API's set
    // (OWASP REST), on an answer, a missing route and a refused call alike, and none of a page's.
    const api = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    }
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/nope?x=1' }),
      await t.app.inject({ method: 'GET', url: '/api/v6/history/list', headers: { authorization: 'Bearer nope' } }),
      await t.app.inject({ method: 'GET', url: '/phoneblock/api/test' }),
      await t.app.inject({ method: 'PROPFIND', url: '/carddav/' }),
      await t.app.inject({ method: 'GET', url: '/localeModule/de' }),
    ]) {
      const url = res.raw.req.url
      for (const [name, value] of Object.entries(api)) expect(res.headers[name], `${url} ${name}`).toBe(value)
      for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection'])
        expect(res.headers[name], `${url} ${name}`).toBeUndefined()
      expect(res.headers['strict-transport-security']).toBeUndefined()
    }
    // In production (HTTPS) both sets say HTTPS only, as helmet words it.
    const hsts = Object.fromEntries(helmetHeaders({}))['strict-transport-security']
    expect(hsts).toMatch(/^max-age=\d+/)
    expect(Object.fromEntries(machineHeaders(helmetHeaders({})))['strict-transport-security']).toBe(hsts)
  })

  it('never answers bad input with a 5xx', async () => {
    const auth = bearer(token)
    const calls: Array<InjectOptions & { method: 'GET' | 'POST'; url: string }> = [
      { method: 'GET', url: '/api/v202505/search/%', headers: auth },
      { method: 'GET', url: '/api/v202505/search/%00', headers: auth },
      { method: 'GET', url: '/api/v202505/search/%E2%82', headers: auth },
      { method: 'GET', url: `/api/v202505/search/${'9'.repeat(300)}`, headers: auth },
      { method: 'GET', url: '/api/v202505/search/+49301234567?paidSearch[]=1', headers: auth },
      { method: 'GET', url: '/api/v202505/search/+49301234567?locale=' + 'x'.repeat(100), headers: auth },
      { method: 'GET', url: '/api/v202505/search/+49301234567?locale=zz-!!', headers: auth },
      { method: 'GET', url: '/api/v6/history/list?limit=1&limit=2', headers: auth },
      { method: 'GET', url: '/api/v6/history/list?limit=1e309', headers: auth },
      { method: 'GET', url: '/api/v6/history/list?offset=99999999999999999999', headers: auth },
      { method: 'POST', url: '/api/v6/history/add', headers: { ...auth, 'content-type': 'application/json' }, payload: '[]' },
      { method: 'POST', url: '/api/v6/history/add', headers: { ...auth, 'content-type': 'application/json' }, payload: 'null' },
      {
        method: 'POST',
        url: '/api/v6/history/add',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{"phoneNumber":{"$gt":""}}',
      },
      {
        method: 'POST',
        url: '/api/v6/history/add',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{"phoneNumber":"+493012345678","date":"1e400"}',
      },
      {
        method: 'POST',
        url: '/api/v6/history/add',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{"__proto__":{"x":1},"phoneNumber":"+493012345678"}',
      },
      {
        method: 'POST',
        url: '/api/v6/history/add',
        headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'phoneNumber=%E2%82&date=%',
      },
      {
        method: 'POST',
        url: '/api/v6/history/add',
        headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'phoneNumber=1&phoneNumber=2',
      },
      { method: 'POST', url: '/api/v6/history/add', headers: { ...auth, 'content-type': 'multipart/form-data' }, payload: 'x' },
      {
        method: 'POST',
        url: '/api/v6/history/add',
        headers: { ...auth, 'content-type': 'multipart/form-data; boundary=abc' },
        payload: '--abc\r\nbroken',
      },
      {
        method: 'POST',
        url: '/api/v6/history/add',
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}` },
        payload: 'x',
      },
      {
        method: 'POST',
        url: '/api/v6/history/add',
        headers: { ...auth, 'content-type': 'multipart/form-data; boundary=abc' },
        payload: '--abc\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--abc--\r\n',
      },
      {
        method: 'POST',
        url: '/api/v6/history/add',
        headers: { ...auth, 'content-type': 'multipart/form-data; boundary=abc' },
        payload:
          '--abc\r\nContent-Disposition: form-data; name="phoneNumber"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n+493012345678\r\n--abc--\r\n',
      },
      {
        method: 'POST',
        url: '/api/v6/history/add',
        headers: { ...auth, 'content-type': 'multipart/form-data; boundary=abc' },
        payload: '--abc\r\nContent-Disposition: form-data; name="phoneNumber"\r\nContent-Type: application/json\r\n\r\n{x\r\n--abc--\r\n',
      },
      { method: 'POST', url: '/api/v6/history/clear', headers: { ...auth, 'content-type': 'application/json' }, payload: '{' },
      { method: 'GET', url: '/api/v6/profile/my', headers: { authorization: 'Bearer ' + 'a'.repeat(5000) } },
      { method: 'GET', url: '/api/v6/profile/my', headers: { authorization: 'Basic dXNlcjpwYXNz' } },
      { method: 'GET', url: '/api/v6/profile/my', headers: { authorization: 'Bearer a.b.c' } },
      { method: 'GET', url: '/api/v202111/auth/get', headers },
      { method: 'GET', url: '/api/v202111/auth/get?cnonce=abcdefgh&timestamp=abc&signature=zz', headers },
      { method: 'GET', url: `/api/v202111/auth/get?cnonce=abcdefgh&timestamp=1&signature=${'0'.repeat(64)}`, headers },
      { method: 'GET', url: `/api/v202111/auth/get?cnonce=abcdefgh&timestamp=1&signature=${'0'.repeat(63)}`, headers },
      {
        method: 'POST',
        url: '/api/v6/auth/agreement_code',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({ code: 'abc' }),
      },
      { method: 'POST', url: '/api/v6/auth/agreement_code', headers: { ...headers, 'content-type': 'application/json' }, payload: '"str"' },
      { method: 'GET', url: '/api/v6/auth/check?code=123456&token_type=jwt&cnonce[]=a&timestamp=1&signature=x', headers },
      {
        method: 'POST',
        url: '/api/v6/auth/dev/confirm',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"code":"123456","phone":["+493012345678"]}',
      },
      { method: 'POST', url: '/api/v6/auth/logout', headers: { ...headers, 'content-type': 'application/json' }, payload: '{}' },
      { method: 'GET', url: '/api/health?x=%', headers },
    ]
    for (const call of calls) {
      const res = await t.app.inject(call)
      expect(res.statusCode, `${call.method} ${call.url} ${String(call.payload ?? '')}`).toBeLessThan(500)
      if (res.statusCode >= 400)
        expect(errorEnvelope.safeParse(res.json()).success, `${call.method} ${call.url} ${res.statusCode} ${res.body}`).toBe(true)
    }
    // A signed call with wrong types in the signed parameters is a 400 too.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v6/auth/agreement_code',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...sign('POST', '/api/v6/auth/agreement_code', { code: '123456' }), signature: 5 }),
    })
    expectEnvelope(res, 400)
  })
})

describe.each(backends)('rate limits on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend, { RATE_LIMIT_PER_MINUTE: '5', AUTH_RATE_LIMIT_PER_MINUTE: '4' })
  })
  afterAll(async () => t?.close())

  it('answers the 6th request of a user in a minute with 429', async () => {
    // Sign-in makes four auth calls from 127.0.0.1: the whole sign-in budget of four.
    const { token } = await signIn(t.app, '+4915122222202')
    for (let i = 0; i < 5; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v6/numcy/balance', headers: bearer(token) })).statusCode).toBe(200)
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/v6/history/list', headers: bearer(token) })
    const body = expectEnvelope(res, 429, ERROR_CODES.RATE_LIMITED)
    expect(body.message).toMatch(/try again/)
    expect(res.headers['retry-after']).toBeDefined()
  })

  it('caps auth/get per client address', async () => {
    const get = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/api/v202111/auth/get', headers, remoteAddress, query: sign('GET', '/api/v202111/auth/get', {}) })
    for (let i = 0; i < 4; i++) expect((await get('192.0.2.10')).statusCode).toBe(200)
    expectEnvelope(await get('192.0.2.10'), 429, ERROR_CODES.RATE_LIMITED)
    // Another address is not affected.
    expect((await get('192.0.2.11')).statusCode).toBe(200)
  })
})
