import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import { ERROR_CODES } from '../../contract/errors'
import { AppError } from '../errors'
import { leasedRedisStore } from './rate-limit-store'

/** RATE_LIMIT_PER_MINUTE requests a minute per device password, user (or per address before sign-in), counted in Redis when there is one. */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: true,
      hook: 'preHandler',
      timeWindow: 60_000,
      max: app.env.RATE_LIMIT_PER_MINUTE,
      keyGenerator: (request) =>
        request.device ? `device:${request.device.id}` : request.user ? `user:${request.user.id}` : `ip:${request.ip}`,
      // The API is limited; the web app's own files are not: one page loads dozens of
      // lazy chunks, and people behind one address (an office, a carrier NAT) share a limit.
      allowList: (request) => !/^\/(api|localeModule|phoneblock|carddav|\.well-known)\//.test(request.url),
      // Shared by every process through Redis when there is one, leased a share at a time while far from the
      // limit: a phone's checks answered from memory no longer wait on Redis at every call (ADR 0056).
      ...(app.redis ? { store: leasedRedisStore(app.redis, 'callerid-rl:') } : {}),
      errorResponseBuilder: (_request, context) => {
        const err = new AppError(429, ERROR_CODES.RATE_LIMITED, `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s`)
        return Object.assign(err, { statusCode: 429 })
      },
    })
  },
  { name: 'rate-limit', dependencies: ['core'] },
)
