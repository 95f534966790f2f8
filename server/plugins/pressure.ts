import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import underPressure from '@fastify/under-pressure'
import { ERROR_CODES } from '../../contract/errors'
import type { Database } from '../db/client'
import type { Env } from '../env'
import { errorBody } from './errors'

/** How often the event-loop delay is sampled: short, so that shedding starts and ends within a tenth of a second. */
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
 * before every other plugin's hooks, so a refused call costs no session check.
 */
export const pressurePlugin = fp(
  async (app, opts: { env: Env; database: Database }) => {
    const { PRESSURE_MAX_EVENT_LOOP_DELAY_MS: maxDelay, PRESSURE_MAX_DB_WAITING: maxWaiting, PRESSURE_RETRY_AFTER_SECONDS: retryAfter } = opts.env
    const busy = errorBody(ERROR_CODES.SERVER_BUSY, `The service is busy; try again in ${retryAfter} s`)
    // Resolves once the answer is out (a reply is a thenable), so no later hook or handler runs.
    const refuse = async (reply: FastifyReply) => reply.code(503).header('retry-after', retryAfter).send(busy)

    // The event loop: @fastify/under-pressure samples its delay and calls this while it is too high.
    await app.register(underPressure, {
      maxEventLoopDelay: maxDelay,
      sampleInterval: SAMPLE_INTERVAL_MS,
      retryAfter,
      pressureHandler: (request, reply) => (sheddable(request) ? refuse(reply).then(() => undefined) : undefined),
    })

    // The database: the pool's queue is read on every call, so shedding starts with the
    // first call that would queue too long and ends with the first that would not.
    if (maxWaiting > 0) {
      app.addHook('onRequest', async (request, reply) => {
        if (sheddable(request) && opts.database.pressure().waiting >= maxWaiting) return refuse(reply)
      })
    }
  },
  { name: 'pressure' },
)
