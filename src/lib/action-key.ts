/**
 * Idempotency keys for money calls (issue 11). One key per user action: a second click
 * on the same thing while the first is still on its way reuses the key, so the server
 * answers both with one charge; once the action has finished, the next click is a new
 * action with a new key. The API client retries a keyed call after a network error
 * with the same key (src/lib/api.ts).
 */
const inFlight = new Map<string, string>()

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Runs `call` with the key of the action named by `scope` (e.g. `comment-up:42`). */
export async function withActionKey<T>(scope: string, call: (key: string) => Promise<T>): Promise<T> {
  const running = inFlight.get(scope)
  if (running) return call(running)
  const key = newKey()
  inFlight.set(scope, key)
  try {
    return await call(key)
  } finally {
    inFlight.delete(scope)
  }
}
