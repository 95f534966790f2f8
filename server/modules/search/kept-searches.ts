import fp from 'fastify-plugin'
import { LRUCache } from 'lru-cache'
import { attachSharedClock } from '../../db/shared-clock'
import { writeClockOf, type WriteClock } from '../../db/write-clock'
import type { AuthUser } from '../../plugins/auth'
import type { SearchStart } from './daily-limit'
import { utcDay } from './daily-limit'

/** How long a kept answer or session is used at most: what changes with the clock alone (a plan's or a hidden review's end, a session's expiry, the decay of bans) shows this late at most. */
export const KEPT_MS = 1000
/** A value no answer has, written where the searches left go, then replaced by them. */
const LEFT_MARK = -736_492_581
const LEFT_FIELD = `"leftRequests":${LEFT_MARK}`

interface KeptSession {
  generation: number
  until: number
  day: string
  userId: number
  phone: string
  role: string
  dailyLimit: number
  antispy: boolean
}

interface KeptAnswer {
  generation: number
  until: number
  numberId: number
  own: boolean
  /** The answer's UTF-8 up to where the searches left go, and after. */
  head: Buffer
  tail: Buffer
}

interface UserCount {
  day: string
  /** Today's searches counted, the held-back ones included. */
  used: number
  /** Searches of this user under way the slow way: their counts are not known here yet. */
  slow: number
}

/** A search the slow way, from its start: what it reads is current as of `generation`. */
export interface SlowSearch {
  userId: number
  generation: number
}

/**
 * Searches answered from memory (ADR 0033): on the embedded database, whose one process sends
 * every statement; on PostgreSQL by a write clock shared through Redis (ADR 0037), there only
 * searches that count nothing (one's own number). While the write clock's generation has not
 * moved since a search was answered the slow way, the same search answers the same: the
 * session, the viewer, the page.
 * Such a search is of a number the user looked up already today (the slow way, that day): it
 * counts nothing and its history row is there (issue 30). The searches left it shows are the
 * count kept here (exact: the searches of one user run the slow way one at a time with these).
 */
export class KeptSearches {
  private readonly sessions = new LRUCache<string, KeptSession>({ max: 20_000 })
  private readonly answers: LRUCache<string, KeptAnswer>
  private readonly counts = new LRUCache<number, UserCount>({ max: 20_000 })
  /** Searches answered from memory since the start (for tests and the bench). */
  hits = 0

  constructor(private readonly clock: WriteClock, opts: { maxBytes: number }) {
    this.answers = new LRUCache({ maxSize: Math.max(1, opts.maxBytes), sizeCalculation: (a) => Math.max(1, a.head.length + a.tail.length) })
  }

  /**
   * The answer (the whole JSON, as UTF-8: sent without encoding or measuring 20 KB of text again) of
   * this search when it can be given from memory; undefined when it must run the slow way.
   */
  answer(auth: AuthUser, e164: string, locale: string | undefined): Buffer | undefined {
    if (!this.clock.current()) return undefined
    const now = Date.now()
    const generation = this.clock.generation
    const session = this.sessions.get(auth.sessionId)
    if (!session || session.generation !== generation || session.until <= now) return undefined
    if (session.userId !== auth.id || session.phone !== auth.phone || session.role !== auth.role) return undefined
    const day = utcDay(new Date(now))
    const count = this.counts.get(auth.id)
    if (session.day !== day || !count || count.day !== day || count.slow > 0) return undefined
    const kept = this.answers.get(answerKey(auth.id, e164, locale))
    if (!kept || kept.generation !== generation || kept.until <= now) return undefined
    // Where other processes count too (PostgreSQL), the searches left are the database's to say.
    if (!kept.own && !this.clock.countsExact) return undefined
    this.hits++
    const left = Buffer.from(String(Math.max(0, session.dailyLimit - count.used)))
    return Buffer.concat([kept.head, left, kept.tail], kept.head.length + left.length + kept.tail.length)
  }

  /** A search of this user starts the slow way: until it ends, the user's searches all go that way. */
  begin(userId: number): SlowSearch {
    const count = this.counts.get(userId)
    if (count) count.slow++
    else this.counts.set(userId, { day: '', used: 0, slow: 1 })
    return { userId, generation: this.clock.generation }
  }

  /** The slow search's count, as its statement left it: today's searches of the user, this one included. */
  counted(search: SlowSearch, day: string, used: number): void {
    const count = this.counts.get(search.userId)
    if (!count) return
    // The statements of one user's searches run in the order they were sent, and their counts come
    // back in that order: the last one is the database's count now (even one lowered by hand).
    count.used = used
    count.day = day
  }

  /** Keeps the answer of a full search (not paid, not refused) made the slow way, for the same search again. */
  keep(search: SlowSearch, args: { auth: AuthUser; start: SearchStart; numberId: number; e164: string; own: boolean; locale: string | undefined; body: unknown }): void {
    if (this.clock.generation !== search.generation) return
    // Never answered from memory (see answer): not worth its text.
    if (!args.own && !this.clock.countsExact) return
    const text = JSON.stringify(args.body)
    const at = text.indexOf(LEFT_FIELD)
    if (at < 0 || text.indexOf(LEFT_FIELD, at + 1) >= 0) return
    const until = Date.now() + KEPT_MS
    const { auth, start } = args
    this.sessions.set(auth.sessionId, {
      generation: search.generation,
      until,
      day: start.day,
      userId: auth.id,
      phone: auth.phone,
      role: auth.role,
      dailyLimit: start.dailyLimit,
      antispy: start.viewer.antispy,
    })
    this.answers.set(answerKey(auth.id, args.e164, args.locale), {
      generation: search.generation,
      until,
      numberId: args.numberId,
      own: args.own,
      head: Buffer.from(text.slice(0, at + LEFT_FIELD.length - String(LEFT_MARK).length)),
      tail: Buffer.from(text.slice(at + LEFT_FIELD.length)),
    })
  }

  /** The slow search ended, one way or another. */
  end(search: SlowSearch): void {
    const count = this.counts.get(search.userId)
    if (count && count.slow > 0) count.slow--
  }

  /** The answer's body with the mark where the searches left go: keep() needs it there. */
  static marked<T extends { common: { leftRequests: number } }>(data: T): T {
    return { ...data, common: { ...data.common, leftRequests: LEFT_MARK } }
  }
}

const answerKey = (userId: number, e164: string, locale: string | undefined) => `${userId} ${e164} ${locale ?? ''}`

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Searches answered again from memory: on the embedded database, whose one process sees every
     * write (ADR 0033); on PostgreSQL with Redis, one's own number's (ADR 0037).
     */
    keptSearches?: KeptSearches
  }
}

/**
 * Keeps searches unless PAGE_CACHE_MB is 0: on the embedded database by its write clock; on
 * PostgreSQL by a write clock shared through Redis (none without REDIS_URL: other processes'
 * writes would go unseen). There, an answer that overlapped a write of this process is sent
 * only once every process has heard of the write.
 */
export const keptSearchesPlugin = fp(
  async (app) => {
    if (app.env.PAGE_CACHE_MB <= 0) return
    const shared = app.redis ? await attachSharedClock(app.db, app.redis) : undefined
    const clock = shared ?? writeClockOf(app.db)
    if (!clock) return
    app.decorate('keptSearches', new KeptSearches(clock, { maxBytes: app.env.PAGE_CACHE_MB * 1024 * 1024 }))
    if (!shared) return
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (shared.lastWriteAt < performance.now() - reply.elapsedTime) return done(null, payload)
      shared.settled().then(() => done(null, payload), done)
    })
    app.addHook('onClose', async () => shared.close())
  },
  { name: 'kept-searches', dependencies: ['core'] },
)
