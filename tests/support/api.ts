import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { bearer, form, TEST_HOST } from './app'

/** Form fields, or a body already form-encoded (for repeated keys: `a=1&a=2`). */
export type FormBody = Record<string, string | number> | string

/**
 * Who makes a call: with the client's `tokens`, a key of it (the phone a user signed in
 * with); without, the token itself. `null` is nobody: no authorization header.
 */
export type Who = string | null

/** An answer as `expectError` reads it; `app.inject` gives one. */
export interface ApiResponse {
  statusCode: number
  body: string
  json(): unknown
}

/**
 * The calls a server test makes through `app.inject`, as the web app makes them: bearer
 * token and test host, POST bodies form-encoded. `app` may be a function, for a test app
 * made later in `beforeAll`; `tokens` (filled by `signInEach`) may be filled later too.
 *
 * ```ts
 * const api = apiClient(() => t.app, tokens)
 * await api.post(ALICE, '/api/v7/comment/add', { phone, text })
 * expectError(await api.get(BOB, '/api/v6/moderation/queue'), 403)
 * ```
 */
export function apiClient(app: FastifyInstance | (() => FastifyInstance), tokens?: Record<string, string>) {
  const target = () => (typeof app === 'function' ? app() : app)
  const headers = (who: Who) => (who === null ? { host: TEST_HOST } : bearer(tokens ? tokens[who] : who))
  const client = {
    /** POST with a form-encoded body. */
    post: (who: Who, url: string, params: FormBody = {}) =>
      target().inject({
        method: 'POST',
        url,
        headers: { ...headers(who), 'content-type': 'application/x-www-form-urlencoded' },
        payload: typeof params === 'string' ? params : form(params),
      }),
    /** POST with a JSON body. */
    postJson: (who: Who, url: string, payload: Record<string, unknown>) =>
      target().inject({ method: 'POST', url, headers: headers(who), payload }),
    /** POST that must answer 200; returns the answer's `data`. */
    postOk: async (who: Who, url: string, params: FormBody = {}) => {
      const res = await client.post(who, url, params)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data
    },
    /** GET with a query string. */
    get: (who: Who, url: string, query: Record<string, string> = {}) =>
      target().inject({ method: 'GET', url, headers: headers(who), query }),
  }
  return client
}

/**
 * The answer is the API's error shape with this HTTP status: `{ status: false, status_code,
 * message }`. `expected` is the `status_code` (a number) or a pattern the message matches;
 * without it any `status_code` and message do.
 */
export function expectError(res: ApiResponse, status: number, expected?: number | RegExp) {
  expect(res.statusCode, res.body).toBe(status)
  expect(res.json()).toMatchObject({
    status: false,
    status_code: typeof expected === 'number' ? expected : expect.any(Number),
    message: expected instanceof RegExp ? expected : expect.any(String),
  })
}
