import crypto from 'node:crypto'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { DEFAULT_SIGNING_SECRET, signingBase, type Params } from '../../contract/signing'

function signed(method: string, host: string, path: string, params: Params): Record<string, string> {
  const full: Params = { ...params, cnonce: crypto.randomBytes(12).toString('hex'), timestamp: Math.floor(Date.now() / 1000) }
  const signature = crypto.createHash('sha256').update(signingBase(method, host, path, full, DEFAULT_SIGNING_SECRET)).digest('hex')
  return Object.fromEntries([...Object.entries(full).map(([k, v]) => [k, String(v)]), ['signature', signature]])
}

/** Signs in through the API with the dev provider, as a client would; returns the token. */
export async function apiSignIn(request: APIRequestContext, baseURL: string, phone: string): Promise<string> {
  const host = new URL(baseURL).host
  const get = await request.get('/api/v202111/auth/get', { params: signed('GET', host, '/api/v202111/auth/get', {}) })
  const code = (await get.json()).data.code as string
  await request.post('/api/v6/auth/agreement_code', { form: signed('POST', host, '/api/v6/auth/agreement_code', { code }) })
  await request.post('/api/v6/auth/dev/confirm', { form: { code, phone } })
  const check = await request.get('/api/v6/auth/check', { params: signed('GET', host, '/api/v6/auth/check', { code, token_type: 'jwt' }) })
  return (await check.json()).data.token as string
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/**
 * A new browser context signed in as the token's user, in English, at `path`. Any
 * JavaScript dialog (an injected alert) fails the test.
 */
export async function openAs(browser: Browser, baseURL: string, token: string, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  await context.addInitScript((t) => {
    localStorage.setItem('token', t)
    localStorage.setItem('locale_', 'en')
  }, token)
  const page = await context.newPage()
  page.on('dialog', (d) => {
    void d.dismiss()
    throw new Error(`unexpected browser dialog: ${d.message()}`)
  })
  await page.goto(path)
  return page
}
