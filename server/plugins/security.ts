import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import { shellScriptHash } from '../modules/web-shell/shell'

/** Where Cloudflare Turnstile's widget script and frame come from. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com'

/** Security headers on every answer, with a Content Security Policy that allows only our own origin. */
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
    app.addHook('onRequest', (request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value)
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
