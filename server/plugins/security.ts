import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'

/** Security headers on every answer, with a Content Security Policy that allows only our own origin. */
export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
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
