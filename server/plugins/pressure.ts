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
     * Whether this call is to be refused for load now: too many queries wait for the
     * database, or the call has already waited longer for its turn than an answer may take.
     * For code about to query after an await that let other calls in (server/plugins/auth.ts,
     * before the session query); answer with `return app.refuseBusy(reply)`.
     */
    overloaded(request: FastifyRequest): boolean
    /** Answers the load shedding's 503: SERVER_BUSY, Retry-After. Return it from the hook. */
    refuseBusy(reply: FastifyReply): FastifyReply
  }
  interface FastifyRequest {
    /** When the call was taken up (performance.now()), for its wait so far. */
    arrivedAt: number
  }
}

/**
 * How often @fastify/under-pressure samples the event-loop delay (the mean over the last
 * period): long enough that one slow turn of the loop is not taken for lag, short enough
 * that shedding ends within a quarter of a second once the loop runs freely again.
 */
const SAMPLE_INTERVAL_MS = 250

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
 * Load shedding (issue 12, P3): while the event loop lags, too many queries wait for a
 * database connection, or a call has waited too long for its turn, API calls are answered
 * at once with 503, `Retry-After` and the error envelope instead of joining a queue nobody
 * gets out of in time. Registered
 * before the other request hooks but the security headers', so a refused call costs
 * nothing further.
 */
export const pressurePlugin = fp(
  async (app, opts: { env: Env; database: Database }) => {
    const { PRESSURE_MAX_EVENT_LOOP_DELAY_MS: maxDelay, PRESSURE_MAX_DB_WAITING: maxWaiting, PRESSURE_MAX_WAIT_MS: maxWait, PRESSURE_RETRY_AFTER_SECONDS: retryAfter } = opts.env
    // Built once: under a flood most answers are this one, and each must cost next to nothing.
    const busy = JSON.stringify(errorBody(ERROR_CODES.SERVER_BUSY, `The service is busy; try again in ${retryAfter} s`))
    // Returned from an async hook, the reply (a thenable) settles once the answer is out, so no later hook or handler runs.
    app.decorate('refuseBusy', (reply: FastifyReply) => reply.code(503).header('retry-after', retryAfter).type('application/json; charset=utf-8').send(busy))
    const databaseBusy = () => maxWaiting > 0 && opts.database.pressure().waiting >= maxWaiting
    const waitedTooLong = (request: FastifyRequest) => maxWait > 0 && performance.now() - request.arrivedAt > maxWait
    app.decorate('overloaded', (request: FastifyRequest) => sheddable(request) && (databaseBusy() || waitedTooLong(request)))
    app.decorateRequest('arrivedAt', 0)

    // The event loop: @fastify/under-pressure samples its delay and calls this while it is too high.
    await app.register(underPressure, {
      maxEventLoopDelay: maxDelay,
      sampleInterval: SAMPLE_INTERVAL_MS,
      retryAfter,
      pressureHandler: async (request, reply) => {
        if (sheddable(request)) await app.refuseBusy(reply)
      },
    })

    // The database: its queue is read on every call, so shedding starts with the first call
    // that would queue too long and ends with the first that would not.
    app.addHook('onRequest', async (request, reply) => {
      request.arrivedAt = performance.now()
      if (sheddable(request) && databaseBusy()) return app.refuseBusy(reply)
    })
    // Calls that arrive together pass that first look together while their tokens are
    // checked off the event loop (and PGlite then runs their queries one after the other
    // without a break): the sign-in check and the route look again before they query, at
    // the queue and at how long the call has waited, so what is let through is answered in time.
    app.addHook('preHandler', async (request, reply) => (app.overloaded(request) ? app.refuseBusy(reply) : undefined))
  },
  { name: 'pressure' },
)
