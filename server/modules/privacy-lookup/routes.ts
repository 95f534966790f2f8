import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { checkPrefixQuery, checkPrefixResponse } from '../../../contract/api/disputes'
import { numbersByHashPrefix } from './repository'

/**
 * The private look-up (DESIGN.md section 9): the client sends the first 5 hex digits of
 * SHA-256 of the E.164 number and compares the full hashes itself, so the server never
 * learns which number was checked. Nothing about the caller is kept: no sign-in, no
 * history, no daily usage, no analytics, and no log line (`logLevel: 'silent'`). Only
 * the per-address rate-limit counter exists, for a minute.
 */
export async function privacyLookupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/api/v1/check-prefix',
    {
      logLevel: 'silent',
      config: {
        // Per address even when a token is sent: a token is never tied to a look-up here.
        rateLimit: { max: app.env.CHECK_PREFIX_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request) => `ip:${request.ip}` },
      },
      schema: {
        tags: ['privacy'],
        summary:
          'Private look-up: every known number whose SHA-256 (hex, of the E.164 number) starts with the 5 hex digits given, with its index and top label. No token needed; nothing is logged or stored.',
        querystring: checkPrefixQuery,
        response: { 200: checkPrefixResponse },
      },
    },
    // From the blocklist kept in this process when it can (ADR 0059).
    async (request) => ({
      status: true as const,
      data: { items: app.blocklist.checkPrefix(request.query.prefix) ?? (await numbersByHashPrefix(app.db, request.query.prefix)) },
    }),
  )
}
