import type { z } from 'zod'
import { ERROR_CODES } from '@contract/errors'
import { ApiError } from './api-error'
import { APP_VERSION, CLIENT_VERSION_HEADER } from './app-version'
import { onSignedOut } from './signed-out'

import { auth, signedOut } from '@/stores/auth'
import { showBusy } from '@/stores/busy'

export { ApiError }

/**
 * Where an answer's schema is: a call names it, and it is loaded only where answers are
 * checked — in development, tests and stories, never in the production build, which takes
 * the server's answer as it comes (ADR 0032: the server's tests hold every answer to its
 * schema, ADR 0029). So the production page loads neither zod nor the contract's schemas
 * for its answers. zod runs jitless in the browser (the page's CSP forbids eval): see
 * src/lib/zod-jitless.ts.
 */
export type SchemaLoader<S extends z.ZodType> = () => Promise<S>

/** Whether answers are checked against their schemas: everywhere but the production build. */
const CHECK_ANSWERS = !import.meta.env.PROD

const contract = {
  account: () => import('@contract/api/account'),
  auth: () => import('@contract/api/auth'),
  community: () => import('@contract/api/community'),
  disputes: () => import('@contract/api/disputes'),
  envelope: () => import('@contract/api/envelope'),
  legal: () => import('@contract/api/legal'),
  notifications: () => import('@contract/api/notifications'),
  'number-profile': () => import('@contract/api/number-profile'),
  numbers: () => import('@contract/api/numbers'),
  payments: () => import('@contract/api/payments'),
  privacy: () => import('@contract/api/privacy'),
}
type Contract = { [M in keyof typeof contract]: Awaited<ReturnType<(typeof contract)[M]>> }
type SchemaName<M extends keyof Contract> = { [K in keyof Contract[M]]: Contract[M][K] extends z.ZodType ? K : never }[keyof Contract[M]]

/**
 * Loads every answer schema now, so that a check later takes only microtasks: stories and
 * tests that assert right after a call, or drive a fake clock, start with it.
 */
export async function loadAnswerSchemas(): Promise<void> {
  await Promise.all(Object.values(contract).map((load) => load()))
}

/** The answer schema `name` of `contract/api/{module}.ts`, for a call: `api.get(path, params, answerSchema('account', 'balanceResponse'))`. */
export function answerSchema<M extends keyof Contract, K extends SchemaName<M>>(
  module: M,
  name: K,
): SchemaLoader<Contract[M][K] & z.ZodType> {
  return async () => ((await contract[module]()) as Contract[M])[name] as Contract[M][K] & z.ZodType
}

type Query = Record<string, string | number | boolean | undefined | null>

function toSearch(params: Query | undefined): string {
  if (!params) return ''
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== null) as Array<[string, string]>
  const s = new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()
  return s ? `?${s}` : ''
}

export interface CallOptions {
  /** A money call's Idempotency-Key (src/lib/action-key.ts): the call is retried after a network error with it. */
  idempotencyKey?: string
}

/** Waits before the retries of a keyed call that met a network error. */
const RETRY_DELAYS_MS = [400, 1500]

/** How many times a call waits out a busy answer (503 or 429 with Retry-After) before it fails. */
const BUSY_RETRIES = 3
/** A longer wait than this is not worth holding a page for: the call fails at once and says when to try again. */
const MAX_BUSY_WAIT_S = 60

/** The seconds a 503 or 429 asks the client to wait (Retry-After: seconds or a date); null for other answers. */
function retryAfterSeconds(res: Response): number | null {
  if (res.status !== 503 && res.status !== 429) return null
  const value = res.headers.get('retry-after')?.trim()
  if (!value) return null
  const seconds = /^\d+$/.test(value) ? Number(value) : Math.ceil((Date.parse(value) - Date.now()) / 1000)
  return Number.isNaN(seconds) ? null : Math.max(1, seconds)
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Fetches, trying a keyed call again after a network error: the server answers a repeat of it once. */
async function fetchOnce(url: string, init: RequestInit, keyed: boolean): Promise<Response> {
  const delays = keyed ? RETRY_DELAYS_MS : []
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetch(url, init)
    } catch {
      if (attempt >= delays.length) throw new ApiError(0, 0, 'network')
      await wait(delays[attempt])
    }
  }
}

async function request<S extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  params: Query | FormData | undefined,
  schema: SchemaLoader<S>,
  opts: CallOptions = {},
): Promise<z.infer<S>> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey
  if (APP_VERSION) headers[CLIENT_VERSION_HEADER] = APP_VERSION
  const token = auth.accessToken
  if (token) headers.authorization = `Bearer ${token}`
  let url = path
  let body: string | FormData | undefined
  if (method === 'GET') url += toSearch(params as Query | undefined)
  else if (params instanceof FormData) {
    // Multipart (a file): the browser sets the content type with its boundary.
    body = params
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = toSearch(params).slice(1)
  }
  const keyed = Boolean(opts.idempotencyKey)
  // A busy server's refusal did nothing: a read, or a keyed call (answered once), is asked again when it says.
  const repeatable = method === 'GET' || keyed
  let res = await fetchOnce(url, { method, headers, body }, keyed)
  for (let busyRetries = 0; ; busyRetries++) {
    const seconds = retryAfterSeconds(res)
    if (seconds === null) break
    const again = repeatable && busyRetries < BUSY_RETRIES && seconds <= MAX_BUSY_WAIT_S
    showBusy(seconds, again)
    if (!again) break
    await wait(seconds * 1000)
    res = await fetchOnce(url, { method, headers, body }, keyed)
  }
  const json = await res.json().catch(() => null)
  if (!res.ok) {
    // A refused session (403 with its code) or a client too old (426) signs out and goes
    // to /not-authorized (SPEC.md section 8); a 403 that only refuses one action (not your
    // comment, posting ban, no role) leaves the session alone. A client too old is sent
    // there signed in or not: no call of this version will work until the page reloads.
    const sessionRefused = res.status === 403 && (json?.status_code === ERROR_CODES.SESSION_INVALID || json?.status_code === undefined)
    if ((token && sessionRefused) || res.status === 426) {
      signedOut()
      onSignedOut()
    }
    throw new ApiError(res.status, json?.status_code ?? 0, json?.message ?? res.statusText, retryAfterSeconds(res))
  }
  return checkAnswer(schema, json)
}

/** An answer as the caller may use it: checked against its schema outside production, taken as it is in production. */
export async function checkAnswer<S extends z.ZodType>(schema: SchemaLoader<S>, json: unknown): Promise<z.infer<S>> {
  return CHECK_ANSWERS ? (await schema()).parse(json) : (json as z.infer<S>)
}

export const api = {
  get: <S extends z.ZodType>(path: string, params: Query | undefined, schema: SchemaLoader<S>, opts?: CallOptions) =>
    request('GET', path, params, schema, opts),
  post: <S extends z.ZodType>(path: string, params: Query | FormData | undefined, schema: SchemaLoader<S>, opts?: CallOptions) =>
    request('POST', path, params, schema, opts),
}
