import fp from 'fastify-plugin'
import type { Socket } from 'node:net'
import type { FastifyRequest } from 'fastify'
import { ERROR_CODES } from '../../contract/errors'
import type { Env } from '../env'
import { errorBody } from './errors'

declare module 'fastify' {
  interface FastifyInstance {
    /** The API calls under way and how they fare: the load shedding's measure, and the health check's. */
    queue: CallQueue
  }
}

/** A call under way longer than this means the server is wedged: the health check says so (503). */
export const WEDGED_MS = 30_000

/** How often the rate calls are answered at is measured (a moving mean over such periods). */
const RATE_PERIOD_MS = 250

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
 * The API calls this process has taken and not answered yet, in the order they came, and the
 * rate it answers them at while it has any. A call leaves when its connection is done with it
 * (`close` of the response: answered, or the client gone), so the count cannot drift up.
 */
export class CallQueue {
  private readonly under = new Set<{ at: number }>()
  private answered = 0
  /** Calls answered a second, a moving mean over the periods with calls under way; 0 until measured. */
  private rate = 0
  private readonly timer: NodeJS.Timeout

  constructor(private readonly opts: { floor: number; maxWaitMs: number }) {
    let last = performance.now()
    this.timer = setInterval(() => {
      const now = performance.now()
      // Idle periods say nothing of how fast calls are answered.
      if (this.answered > 0) {
        const measured = (this.answered * 1000) / (now - last)
        this.rate = this.rate === 0 ? measured : 0.7 * this.rate + 0.3 * measured
      }
      this.answered = 0
      last = now
    }, RATE_PERIOD_MS)
    this.timer.unref()
  }

  get size(): number {
    return this.under.size
  }

  /** How long the oldest call under way has waited so far (ms); 0 when none is. */
  oldestWaitMs(now = performance.now()): number {
    for (const call of this.under) return now - call.at
    return 0
  }

  /**
   * How long a call taken now would wait for the calls before it: the longer of the oldest
   * one's wait so far and the queue's length at the rate calls are answered now.
   */
  expectedWaitMs(now = performance.now()): number {
    const byRate = this.rate > 0 ? (this.under.size * 1000) / this.rate : 0
    return Math.max(this.oldestWaitMs(now), byRate)
  }

  /**
   * Whether a new call is refused: never while fewer than `floor` calls are under way (a few
   * clients, a burst, a slow host are served, more slowly); past it, when the calls already
   * in would keep it waiting longer than an answer may take.
   */
  full(): boolean {
    return this.opts.maxWaitMs > 0 && this.under.size >= this.opts.floor && this.expectedWaitMs() > this.opts.maxWaitMs
  }

  /** Takes a call in; the returned function lets it out (once, however often it is called). */
  enter(): () => void {
    const call = { at: performance.now() }
    this.under.add(call)
    return () => {
      if (this.under.delete(call)) this.answered++
    }
  }

  close(): void {
    clearInterval(this.timer)
  }
}

/** What lets each call under way on a connection out when it closes. */
const leavingWith = new WeakMap<Socket, Set<() => void>>()

/**
 * Lets a call out when its connection closes too, not only when its answer does: the answers
 * queued behind another on a pipelined connection that the client closed never close themselves
 * (Node emits nothing for an answer that never got the socket), and each would be counted as under
 * way for good. A client that sends many calls at once and leaves (an overload's load generator
 * does) kept the server refusing everyone for as long as its calls were counted (issue 30).
 * Answers how to forget the call once its answer closed.
 */
function leaveWithConnection(socket: Socket | null, leave: () => void): () => void {
  if (!socket) return () => {}
  let leaving = leavingWith.get(socket)
  if (!leaving) {
    const calls = new Set<() => void>()
    leavingWith.set(socket, (leaving = calls))
    socket.once('close', () => {
      for (const call of calls) call()
      calls.clear()
    })
  }
  const calls = leaving
  calls.add(leave)
  return () => calls.delete(leave)
}

/**
 * Load shedding (issue 12, P3; reworked in issue 30, ADR 0050): an API call is refused at
 * once with 503, `Retry-After` and the error envelope when the calls already under way would
 * keep it waiting longer than PRESSURE_MAX_WAIT_MS, judged by this process's own queue: how
 * long the oldest call has waited and how fast calls are answered. Fewer than
 * PRESSURE_QUEUE_FLOOR calls under way are never refused. Registered first among the request
 * hooks but the security headers', so a refused call costs nothing further.
 */
export const pressurePlugin = fp(
  async (app, opts: { env: Env }) => {
    const { PRESSURE_MAX_WAIT_MS: maxWaitMs, PRESSURE_QUEUE_FLOOR: floor, PRESSURE_RETRY_AFTER_SECONDS: retryAfter } = opts.env
    const queue = new CallQueue({ floor, maxWaitMs })
    app.decorate('queue', queue)
    app.addHook('onClose', async () => queue.close())
    // Built once: under a flood most answers are this one, and each must cost next to nothing.
    const busy = JSON.stringify(errorBody(ERROR_CODES.SERVER_BUSY, `The service is busy; try again in ${retryAfter} s`))

    app.addHook('onRequest', async (request, reply) => {
      if (!sheddable(request)) return
      if (queue.full()) {
        // Returned from an async hook, the reply (a thenable) settles once the answer is out, so no later hook or handler runs.
        return reply.code(503).header('retry-after', retryAfter).type('application/json; charset=utf-8').send(busy)
      }
      const leave = queue.enter()
      const forget = leaveWithConnection(request.raw.socket, leave)
      reply.raw.once('close', () => {
        forget()
        leave()
      })
    })
  },
  { name: 'pressure' },
)
