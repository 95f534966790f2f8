import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ERROR_CODES } from '../../contract/errors'
import { bearer, createTestApp, form, sign, TEST_HOST, type TestApp } from '../../tests/support/app'
import { complaints, users } from '../db/schema'
import { openSession } from '../modules/auth/session-repository'
import type { BotChecker } from '../providers/turnstile'
import { TURNSTILE_ORIGIN } from './security'
import { shellScriptHash } from '../modules/web-shell/shell'

/** A local stand-in for Turnstile's siteverify, answering in its format. */
async function startSiteverify() {
  const seen: URLSearchParams[] = []
  const server = http.createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const params = new URLSearchParams(body)
    seen.push(params)
    const ok =
      req.url === '/turnstile/v0/siteverify' && params.get('secret') === 'turnstile-secret' && params.get('response') === 'good-token'
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(ok ? { success: true, 'error-codes': [] } : { success: false, 'error-codes': ['invalid-input-response'] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

describe('the invisible bot check on sign-in', () => {
  let t: TestApp
  let turnstile: Awaited<ReturnType<typeof startSiteverify>>
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'))
  beforeAll(async () => {
    turnstile = await startSiteverify()
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<meta name="app-config" content="__APP_CONFIG__">')
    t = await createTestApp(
      'pglite',
      {
        TURNSTILE_SITE_KEY: 'site-key-1',
        TURNSTILE_SECRET_KEY: 'turnstile-secret',
        TURNSTILE_API_BASE: turnstile.url,
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      },
      { webRoot },
    )
  })
  afterAll(async () => {
    await t?.close()
    await turnstile?.close()
  })

  const agree = async (botToken?: string) => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/v202111/auth/get',
      headers: { host: TEST_HOST },
      query: sign('GET', '/api/v202111/auth/get', {}),
    })
    const code = get.json().data.code as string
    const params = { code, ...(botToken ? { bot_token: botToken } : {}) }
    return t.app.inject({
      method: 'POST',
      url: '/api/v6/auth/agreement_code',
      headers: { host: TEST_HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(sign('POST', '/api/v6/auth/agreement_code', params)),
    })
  }

  it('refuses accepting the terms without a token, or with one Turnstile rejects', async () => {
    for (const res of [await agree(), await agree('bad-token')]) {
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.BOT_CHECK_FAILED })
    }
  })

  it('lets a token Turnstile accepts through, sending the secret and the client address', async () => {
    const res = await agree('good-token')
    expect(res.statusCode, res.body).toBe(200)
    const last = turnstile.seen.at(-1)!
    expect(last.get('secret')).toBe('turnstile-secret')
    expect(last.get('remoteip')).toBe('127.0.0.1')
  })

  it('hands the site key to the page and allows Turnstile’s origin (where the widget loads from) in the CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login' })
    expect(page.body).toContain('&quot;botCheckSiteKey&quot;:&quot;site-key-1&quot;')
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain(`script-src 'self' ${shellScriptHash} ${TURNSTILE_ORIGIN};`)
    expect(csp).toContain(`frame-src 'self' ${TURNSTILE_ORIGIN};`)
    // The address the server checks tokens at is not one the browser needs.
    expect(csp).not.toContain(turnstile.url)
  })

  it('says the check is unavailable (503) when Turnstile does not answer', async () => {
    const down = await createTestApp('pglite', {
      TURNSTILE_SITE_KEY: 'k',
      TURNSTILE_SECRET_KEY: 's',
      TURNSTILE_API_BASE: 'http://127.0.0.1:9',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    })
    try {
      const get = await down.app.inject({
        method: 'GET',
        url: '/api/v202111/auth/get',
        headers: { host: TEST_HOST },
        query: sign('GET', '/api/v202111/auth/get', {}),
      })
      const code = get.json().data.code as string
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/v6/auth/agreement_code',
        headers: { host: TEST_HOST, 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(sign('POST', '/api/v6/auth/agreement_code', { code, bot_token: 'x' })),
      })
      expect(res.statusCode).toBe(503)
      expect(res.json().status_code).toBe(ERROR_CODES.BOT_CHECK_FAILED)
    } finally {
      await down.close()
    }
  })
})

/** A bot check that passes one token only, and remembers what it was asked. */
function fakeChecker(): BotChecker & { asked: Array<[string, string]> } {
  const asked: Array<[string, string]> = []
  return {
    asked,
    async verify(token: string, ip: string) {
      asked.push([token, ip])
      return token === 'human'
    },
  }
}

describe('the bot check on complaints', () => {
  let t: TestApp
  const checker = fakeChecker()
  beforeAll(async () => {
    t = await createTestApp('pglite', { AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { botCheck: checker })
  })
  afterAll(async () => t?.close())

  const complaint = { target_type: 'profile', name: 'Kim', email: 'kim@example.com', message: 'This profile impersonates me' }
  const complain = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v6/complaint/add',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(params),
    })
  const stored = async () => (await t.database.db.select().from(complaints)).length

  it('refuses a complaint without a bot_token, or with one the check rejects, storing nothing', async () => {
    for (const res of [await complain(complaint), await complain({ ...complaint, bot_token: 'script' })]) {
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.BOT_CHECK_FAILED })
    }
    expect(await stored()).toBe(0)
  })

  it('takes a complaint whose token passes, signed out or signed in, and asks the check with the client address', async () => {
    const anonymous = await complain({ ...complaint, bot_token: 'human' })
    expect(anonymous.statusCode, anonymous.body).toBe(200)
    // Signed in without the sign-in flow, which itself wants a bot-check token here.
    const [u] = await t.database.db.insert(users).values({ phone: '+4915170900001' }).returning({ id: users.id })
    const token = await openSession(t.database.db, t.app.tokens, u.id, 'test-device')
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v6/complaint/add',
      headers: bearer(token),
      payload: { ...complaint, bot_token: 'human' },
    })
    expect(json.statusCode, json.body).toBe(200)
    expect(await stored()).toBe(2)
    expect(checker.asked.at(-1)).toEqual(['human', '127.0.0.1'])
  })
})

describe('the bot check switched off', () => {
  it('says so in one info line at start, takes complaints without a token and keeps Turnstile out of the CSP', async () => {
    const lines: string[] = []
    let info: ReturnType<typeof vi.spyOn> | undefined
    const t = await createTestApp('pglite', {}, {}, (app) => {
      info = vi.spyOn(app.log, 'info').mockImplementation(((msg: unknown) => void lines.push(String(msg))) as never)
    })
    try {
      expect(lines.filter((l) => /bot check is off/.test(l))).toEqual([
        'The bot check is off: set TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY to turn on Cloudflare Turnstile for sign-in and complaints',
      ])
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v6/complaint/add',
        payload: { target_type: 'profile', name: 'Kim', email: 'kim@example.com', message: 'No token, no check configured' },
      })
      expect(res.statusCode, res.body).toBe(200)
      const csp = String((await t.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy'])
      expect(csp).toContain(`script-src 'self' ${shellScriptHash};`)
      expect(csp).not.toContain('challenges.cloudflare.com')
    } finally {
      info?.mockRestore()
      await t.close()
    }
  })

  it('says nothing of the kind when the check is configured', async () => {
    const lines: string[] = []
    let info: ReturnType<typeof vi.spyOn> | undefined
    const t = await createTestApp('pglite', {}, { botCheck: fakeChecker() }, (app) => {
      info = vi.spyOn(app.log, 'info').mockImplementation(((msg: unknown) => void lines.push(String(msg))) as never)
    })
    try {
      expect(lines.filter((l) => /bot check/.test(l))).toEqual([])
    } finally {
      info?.mockRestore()
      await t.close()
    }
  })
})
