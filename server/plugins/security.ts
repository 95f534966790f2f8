import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import { shellScriptHash } from '../modules/web-shell/shell'

/** Where Cloudflare Turnstile's widget script and frame come from. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com'

/**
 * Security headers on every answer. A page (the web app and its files) gets helmet's whole set, with
 * a Content Security Policy that allows only our own origin. An answer read by a program (isMachinePath)
 * gets the set the OWASP REST Security Cheat Sheet gives an API: nothing may load or frame it, no
 * sniffing, no cross-origin reads; the document-only headers (COOP, Origin-Agent-Cluster, the
 * page's CSP, DNS prefetch, IE's and Flash's) mean nothing there and were most of its bytes (ADR 0061).
 */
export const securityPlugin = fp(
  async (app) => {
    // The bot check's script and frame come from Turnstile's origin (the web app loads them from
    // there: src/lib/bot-check.ts), only when it is configured. TURNSTILE_API_BASE is where the
    // server checks tokens; the browser never calls it, so it stays out.
    const botCheck = app.env.botCheck ? [TURNSTILE_ORIGIN] : []
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // The page's one inline script, by its hash (modules/web-shell): the theme before the first paint.
          scriptSrc: ["'self'", shellScriptHash, ...botCheck],
          frameSrc: ["'self'", ...botCheck],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: app.env.isProduction,
    })
    const machine = machineHeaders(headers)
    app.addHook('onRequest', (request, reply, done) => {
      for (const [name, value] of isMachinePath(request.url) ? machine : headers) reply.raw.setHeader(name, value)
      done()
    })
  },
  { name: 'security', dependencies: ['core'] },
)

/**
 * The headers helmet sets with these options, worked out once. They are the same on every answer
 * (no nonces: the inline script is allowed by its hash), and @fastify/helmet built helmet's
 * middleware again on every request, parsing the policy each time: a tenth of a small request's
 * CPU (docs/performance.md).
 */
export function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>()
  const response = {
    setHeader: (name: string, value: string) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  }
  helmet(options)({} as never, response as never, (err?: unknown) => {
    if (err) throw err
  })
  return [...headers]
}

/** The headers of an answer a program reads (OWASP REST Security Cheat Sheet, "Security headers"), from a page's set. */
export function machineHeaders(page: Array<[string, string]>): Array<[string, string]> {
  return [
    // Nothing loads from it or frames it, even if a browser is made to open it as a page.
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-frame-options', 'DENY'],
    ['x-content-type-options', 'nosniff'],
    // No page of another site may read it with a no-cors request (Spectre).
    ['cross-origin-resource-policy', 'same-origin'],
    // HTTPS only, as the pages say (in production).
    ...page.filter(([name]) => name === 'strict-transport-security'),
  ]
}

/** The roots whose answers programs read: the API, the locale modules, PhoneBlock's API and CardDAV. Never a page. */
const MACHINE_ROOTS = ['/api', '/localeModule', '/phoneblock/api', '/carddav', '/.well-known/carddav']

/** Whether a request's path is under one of MACHINE_ROOTS (the root itself, or below it: `/carddavx` is the web app's). */
export function isMachinePath(url: string): boolean {
  const end = url.search(/[?#]/)
  const path = end < 0 ? url : url.slice(0, end)
  return MACHINE_ROOTS.some((root) => path === root || path.startsWith(`${root}/`))
}
