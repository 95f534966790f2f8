import { DEFAULT_SIGNING_SECRET, signParams } from '../../contract/signing'

/** A signed call to a running server over real HTTP; the parsed JSON body, or an error naming the call. */
async function call(baseUrl: string, method: 'GET' | 'POST', path: string, params: Record<string, string>) {
  const url = new URL(path, baseUrl)
  if (method === 'GET') url.search = new URLSearchParams(params).toString()
  const res = await fetch(url, method === 'POST' ? { method, body: new URLSearchParams(params) } : undefined)
  const body = await res.json().catch(() => null)
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(body)}`)
  return body
}

/**
 * Signs in to a running server through the code flow with the development provider, as
 * the web app does (code, agreement, dev confirm, check); returns the session token.
 */
export async function devSignIn(baseUrl: string, phone: string, secret = DEFAULT_SIGNING_SECRET): Promise<string> {
  const sign = (method: 'GET' | 'POST', path: string, params: Record<string, string>) =>
    signParams(method, path, params, { host: new URL(baseUrl).host, secret })
  const get = await call(baseUrl, 'GET', '/api/v202111/auth/get', sign('GET', '/api/v202111/auth/get', { lang: 'en', platform: 'WEB' }))
  const code = get.data.code as string
  await call(baseUrl, 'POST', '/api/v6/auth/agreement_code', sign('POST', '/api/v6/auth/agreement_code', { code }))
  await call(baseUrl, 'POST', '/api/v6/auth/dev/confirm', { code, phone })
  const check = await call(baseUrl, 'GET', '/api/v6/auth/check', sign('GET', '/api/v6/auth/check', { code, token_type: 'jwt' }))
  if (!check?.data?.token) throw new Error(`sign-in did not give a token: ${JSON.stringify(check)}`)
  return check.data.token as string
}
