import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import underPressure from '@fastify/under-pressure'
import { ERROR_CODES } from '../../contract/errors'
import type { Database } from '../db/client'
import type { Env } from '../env'
import { errorBody } from './errors'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Whether too many queries wait for the database to take this call on. For code about
     * to query after an await that let other calls in (server/plugins/auth.ts, before the
     * session query); answer with `return app.refuseBusy(reply)`.
     */
    databaseBusy(request: FastifyRequest): boolean
    /** Answers the load shedding's 503: SERVER_BUSY, Retry-After. Return it from the hook. */
    refuseBusy(reply: FastifyReply): FastifyReply
  }
}

/** How often the event-loop delay is sampled: often, so that shedding ends as soon as the loop runs freely again. */
const SAMPLE_INTERVAL_MS = 100

/**
 * Only API calls are shed. The web app's own files are cheap and let the page come up
 * to say "busy"; its translations (/localeModule/) are what it says it with; the health
 * check stays up so that a load balancer does not take every busy server out at once.
 */
function sheddable(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0]
  return path.startsWith('/api/') && path !== '/api/health'
}

/**
 * Load shedding (issue 12, P3): while the event loop lags or too many queries wait for a
 * database connection, API calls are answered at once with 503, `Retry-After` and the
 * error envelope instead of joining a queue nobody gets out of in time. Registered
 * before the other request hooks but the security headers', so a refused call costs
 * nothing further.
 */
export const pressurePlugin = fp(
  async (app, opts: { env: Env; database: Database }) => {
    const { PRESSURE_MAX_EVENT_LOOP_DELAY_MS: maxDelay, PRESSURE_MAX_DB_WAITING: maxWaiting, PRESSURE_RETRY_AFTER_SECONDS: retryAfter } = opts.env
    // Built once: under a flood most answers are this one, and each must cost next to nothing.
    const busy = JSON.stringify(errorBody(ERROR_CODES.SERVER_BUSY, `The service is busy; try again in ${retryAfter} s`))
    // Returned from an async hook, the reply (a thenable) settles once the answer is out, so no later hook or handler runs.
    app.decorate('refuseBusy', (reply: FastifyReply) => reply.code(503).header('retry-after', retryAfter).type('application/json; charset=utf-8').send(busy))
    app.decorate('databaseBusy', (request: FastifyRequest) => maxWaiting > 0 && sheddable(request) && opts.database.pressure().waiting >= maxWaiting)

    // The event loop: @fastify/under-pressure samples its delay and calls this while it is too high.
    await app.register(underPressure, {
      maxEventLoopDelay: maxDelay,
      sampleInterval: SAMPLE_INTERVAL_MS,
      retryAfter,
      pressureHandler: async (request, reply) => {
        if (sheddable(request)) await app.refuseBusy(reply)
      },
    })

    // The database: the pool's queue is read on every call, so shedding starts with the
    // first call that would queue too long and ends with the first that would not. Calls
    // that arrive together pass the first look together while their tokens are checked
    // off the event loop; the sign-in check and the route each look again before they query.
    if (maxWaiting > 0) {
      const check = async (request: FastifyRequest, reply: FastifyReply) => (app.databaseBusy(request) ? app.refuseBusy(reply) : undefined)
      app.addHook('onRequest', check)
      app.addHook('preHandler', check)
    }
  },
  { name: 'pressure' },
)
