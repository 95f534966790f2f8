import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import type { Database } from '../../server/db/client'
import { loadEnv } from '../../server/env'
import { signParams, DEFAULT_SIGNING_SECRET, type Params } from '../../contract/signing'
import { openTestDatabase, type Backend } from './database'

export const TEST_HOST = 'api.test:3000'

export interface TestApp {
  app: FastifyInstance
  database: Database
  close(): Promise<void>
}

export async function createTestApp(
  backend: Backend,
  env: Record<string, string> = {},
  extra: Partial<Parameters<typeof buildApp>[0]> = {},
  /** Adds test-only routes before the app is ready. */
  configure?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const database = await openTestDatabase(backend)
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', ...env }),
    database,
    logger: false,
    webRoot: '/nonexistent',
    ...extra,
  })
  configure?.(app)
  await app.ready()
  return {
    app,
    database,
    async close() {
      await app.close()
      await database.close()
    },
  }
}

/** Adds cnonce, timestamp and signature as the web app does. */
export function sign(
  method: string,
  path: string,
  params: Params,
  opts: { secret?: string; host?: string; timestamp?: number; cnonce?: string } = {},
) {
  return signParams(method, path, params, { ...opts, host: opts.host ?? TEST_HOST, secret: opts.secret ?? DEFAULT_SIGNING_SECRET })
}

export const form = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()

/** Signs in through the real code flow with the dev provider; returns the token. */
export async function signIn(app: FastifyInstance, phone: string): Promise<{ token: string; profileId: number; isNewUser: boolean }> {
  const headers = { host: TEST_HOST }
  const get = await app.inject({
    method: 'GET',
    url: '/api/v202111/auth/get',
    headers,
    query: sign('GET', '/api/v202111/auth/get', { lang: 'en', platform: 'WEB' }),
  })
  const code = get.json().data.code as string
  await app.inject({
    method: 'POST',
    url: '/api/v6/auth/agreement_code',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(sign('POST', '/api/v6/auth/agreement_code', { code })),
  })
  const confirm = await app.inject({ method: 'POST', url: '/api/v6/auth/dev/confirm', headers, payload: { code, phone } })
  if (confirm.statusCode !== 200) throw new Error(`dev confirm failed: ${confirm.body}`)
  const check = await app.inject({
    method: 'GET',
    url: '/api/v6/auth/check',
    headers,
    query: sign('GET', '/api/v6/auth/check', { code, token_type: 'jwt' }),
  })
  const data = check.json().data
  if (!data?.token) throw new Error(`check failed: ${check.body}`)
  return { token: data.token, profileId: data.profileId, isNewUser: data.isNewUser }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}`, host: TEST_HOST })

/** Signs each phone in, filling `into.tokens` and `into.ids` (keyed by the phone as given). */
export async function signInEach(
  app: FastifyInstance,
  phones: string[],
  into: { tokens: Record<string, string>; ids: Record<string, number> },
) {
  for (const phone of phones) {
    const s = await signIn(app, phone)
    into.tokens[phone] = s.token
    into.ids[phone] = s.profileId
  }
}
