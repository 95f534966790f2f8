import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'

/** Security headers on every answer, with a Content Security Policy that allows only our own origin. */
export const securityPlugin = fp(
  async (app) => {
    // The bot check's script and frame come from its own origin, only when it is configured.
    const botCheck = app.env.botCheck ? [new URL(app.env.botCheck.apiBase).origin] : []
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'", ...botCheck],
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
