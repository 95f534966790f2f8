/**
 * The invisible bot check of SPEC.md section 2 on the server: Cloudflare Turnstile's
 * siteverify. `apiBase` points elsewhere in tests (a local stand-in answering in
 * Turnstile's format).
 */
export interface BotChecker {
  /** True when the token is a fresh, valid pass for this site. */
  verify(token: string, remoteIp: string): Promise<boolean>
}

export function createTurnstile(opts: { secretKey: string; apiBase: string }): BotChecker {
  return {
    async verify(token, remoteIp) {
      const res = await fetch(new URL('/turnstile/v0/siteverify', opts.apiBase), {
        method: 'POST',
        body: new URLSearchParams({ secret: opts.secretKey, response: token, remoteip: remoteIp }),
        signal: AbortSignal.timeout(10_000),
      })
      if (!res.ok) throw new Error(`Turnstile siteverify answered ${res.status}`)
      const body = (await res.json()) as { success?: boolean }
      return body.success === true
    },
  }
}
