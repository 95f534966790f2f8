import crypto from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ERROR_CODES } from '../../contract/errors'
import { AppError, badRequest, conflict } from '../errors'
import { claimKey, completeKey, PENDING_ABANDONED_MS, releaseKey } from '../modules/idempotency/repository'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A money call (spends or grants coins, starts a checkout): honours `Idempotency-Key`. */
    idempotent?: boolean
  }
  interface FastifyRequest {
    idempotency: { key: string; userId: number; payload: string | null } | null
  }
}

const KEY = /^[\x21-\x7e]{1,255}$/
/** How long a retry waits for a simultaneous first attempt to finish before it is told to retry. */
const WAIT_FOR_FIRST_MS = 15_000

/** Method, route and every parameter, keys sorted: what "the same request" means. */
function requestHash(request: FastifyRequest): string {
  const canonical = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v as object)
            .sort()
            .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
        )
      : v
  const parts = {
    method: request.method,
    route: request.routeOptions.url,
    params: request.params,
    query: request.query,
    body: request.body,
  }
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(canonical(parts)))
    .digest('hex')
}

/**
 * `Idempotency-Key` on money calls (issue 11): a retry with the same key from the same
 * user within 24 hours answers what the first attempt answered and changes nothing
 * (also when both arrive at once: the key is claimed in the database, one wins); the
 * same key with a different request is a 422. Without the header a call runs as always.
 */
export const idempotencyPlugin = fp(
  async (app) => {
    app.decorateRequest('idempotency', null)

    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.routeOptions.config.idempotent) return
      const header = request.headers['idempotency-key']
      if (header === undefined || !request.user) return
      const key = Array.isArray(header) ? header[0] : header
      if (!KEY.test(key)) throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters, e.g. a UUID')
      const userId = request.user.id
      const hash = requestHash(request)
      const deadline = Date.now() + WAIT_FOR_FIRST_MS
      for (;;) {
        const claim = await claimKey(app.db, userId, key, hash)
        if (claim.kind === 'claimed') {
          request.idempotency = { key, userId, payload: null }
          return
        }
        if (claim.kind === 'mismatch')
          throw new AppError(
            422,
            ERROR_CODES.VALIDATION,
            'This Idempotency-Key was used for a different request; use a new key for a new action',
          )
        if (claim.kind === 'replay') {
          return reply
            .code(claim.statusCode)
            .header('Idempotency-Replayed', 'true')
            .type('application/json; charset=utf-8')
            .send(claim.response)
        }
        if (Date.now() - claim.since.getTime() > PENDING_ABANDONED_MS) {
          throw conflict(
            'An earlier attempt with this Idempotency-Key did not finish and may have been applied; check your balance, and use a new key to try again',
          )
        }
        if (Date.now() > deadline) throw conflict('The first attempt with this Idempotency-Key is still running; retry in a moment')
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })

    // The body as sent (registered before compression, so it is still the serialized text).
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.idempotency && typeof payload === 'string') request.idempotency.payload = payload
      return payload
    })

    app.addHook('onResponse', async (request, reply) => {
      const claim = request.idempotency
      if (!claim) return
      // Our own failure is not an answer to keep: the key is released for a retry.
      if (reply.statusCode >= 500 || claim.payload === null) await releaseKey(app.db, claim.userId, claim.key)
      else await completeKey(app.db, claim.userId, claim.key, reply.statusCode, claim.payload)
    })
  },
  { name: 'idempotency', dependencies: ['core'] },
)
