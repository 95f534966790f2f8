import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'
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
    await app.register(helmet, {
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
      hsts: app.env.isProduction,
    })
  },
  { name: 'security', dependencies: ['core'] },
)
