/**
 * A stand-in for the API in stories: `fetch` to `/api/...` answers from a table,
 * everything else (Vite, the test runner) goes to the real network.
 *
 *   parameters: { api: { 'GET /api/v6/numcy/balance': ok({ balance: 42 }) } }
 *
 * Keys are `METHOD /path` or a bare `/path` (any method); a path ending in `*`
 * matches by prefix. An unlisted call answers 404 and warns, so a story never
 * reaches a server.
 */
export type Reply = { status: number; body: unknown; delayMs?: number } | typeof PENDING
export type ApiTable = Record<string, Reply | ((url: URL, init?: RequestInit) => Reply)>

/** The call never answers: the component stays in its loading state. */
export const PENDING = 'pending' as const

export function ok(data: unknown, delayMs?: number): Reply {
  return { status: 200, body: { status: true, data }, delayMs }
}

export function fail(status: number, statusCode = status, message = 'story error'): Reply {
  return { status, body: { status: false, status_code: statusCode, message } }
}

function find(table: ApiTable, method: string, path: string) {
  const keys = [`${method} ${path}`, path]
  for (const key of keys) if (table[key]) return table[key]
  const prefix = Object.keys(table).find((key) => {
    if (!key.endsWith('*')) return false
    const [m, p] = key.includes(' ') ? key.split(' ') : [method, key]
    return m === method && path.startsWith(p.slice(0, -1))
  })
  return prefix ? table[prefix] : undefined
}

export function installApi(table: ApiTable): () => void {
  const realFetch = window.fetch
  window.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href)
    if (!url.pathname.startsWith('/api/')) return realFetch(input, init)
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    const entry = find(table, method, url.pathname)
    if (!entry) console.warn(`[story api] no answer for ${method} ${url.pathname}`)
    const reply = typeof entry === 'function' ? entry(url, init) : (entry ?? fail(404))
    if (reply === PENDING) return new Promise<Response>(() => undefined)
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs))
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } })
  }
  return () => {
    window.fetch = realFetch
  }
}
