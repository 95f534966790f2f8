import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Redis } from 'ioredis'
import { LRUCache } from 'lru-cache'

/**
 * A lease is at most this share of what is left of a limit, so that what several processes hold
 * unused is small beside it; below LEASE_SHARE × 2 left, every call asks Redis (exact).
 */
export const LEASE_SHARE = 64
/** And at most this many calls. */
export const LEASE_MAX = 1000

// Takes a lease of calls from the window's count: one call near the limit (or past it), more
// while far from it. Answers the count after the lease, the lease's size and the window's time left.
const leaseScript = `
local key = KEYS[1]
local window = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local share = tonumber(ARGV[3])
local most = tonumber(ARGV[4])
local left = max - tonumber(redis.call('GET', key) or '0')
local lease = 1
if left >= share * 2 then lease = math.min(most, math.floor(left / share)) end
local after = redis.call('INCRBY', key, lease)
local ttl = redis.call('PTTL', key)
if ttl < 0 then
  redis.call('PEXPIRE', key, window)
  ttl = window
end
return {after, lease, ttl}
`

interface Lease {
  /** The next call's place in the window's count, and the lease's last. */
  next: number
  last: number
  /** When the window ends (Date.now()). */
  ends: number
}

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void

interface LeasingRedis extends Redis {
  rateLimitLease(key: string, window: number, max: number, share: number, most: number): Promise<[number, number, number]>
}

/**
 * A store for @fastify/rate-limit that counts in Redis, shared by every process, and asks it once
 * for many calls while a limit is far from reached (ADR 0038): each process takes a lease of calls
 * from the window's count and hands them out itself. No process ever lets more calls through than
 * the limit; near it every call asks Redis, so the last ones are exact across processes. What a
 * process holds unused (a 64th of what was left, at most) may be refused elsewhere a little early.
 */
export function leasedRedisStore(redis: Redis, prefix: string): FastifyRateLimitStoreCtor & { readonly asked: number } {
  const leasing = redis as unknown as LeasingRedis
  if (!leasing.rateLimitLease) redis.defineCommand('rateLimitLease', { numberOfKeys: 1, lua: leaseScript })

  return class LeasedRedisStore implements FastifyRateLimitStore {
    /** Calls that asked Redis (for tests and the bench). */
    static asked = 0
    private readonly leases = new LRUCache<string, Lease>({ max: 20_000 })
    private readonly asking = new Map<string, Promise<unknown>>()
    constructor(
      _params?: FastifyRateLimitOptions,
      private readonly keyPrefix = prefix,
    ) {}

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      const now = Date.now()
      const lease = this.leases.get(key)
      if (lease && lease.next <= lease.last && now < lease.ends) {
        cb(null, { current: lease.next++, ttl: lease.ends - now })
        return
      }
      // One lease asked at a time per key: the calls meanwhile wait for it rather than each take one.
      const pending = this.asking.get(key)
      if (pending) {
        pending.then(
          () => this.incr(key, cb, timeWindow, max),
          () => this.incr(key, cb, timeWindow, max),
        )
        return
      }
      LeasedRedisStore.asked++
      const asked = leasing.rateLimitLease(this.keyPrefix + key, timeWindow, max, LEASE_SHARE, LEASE_MAX).then(
        ([after, size, ttl]) => {
          const first = after - size + 1
          if (size > 1) this.leases.set(key, { next: first + 1, last: after, ends: Date.now() + ttl })
          else this.leases.delete(key)
          cb(null, { current: first, ttl })
        },
        (err: Error) => cb(err),
      )
      this.asking.set(key, asked)
      void asked.finally(() => this.asking.delete(key))
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes the route's merged limits with its routeInfo (the types say the route's options): keyed as its own Redis store keys them.
      const route = (routeOptions as unknown as { routeInfo?: { method: string; url: string } }).routeInfo ?? routeOptions
      return new LeasedRedisStore(undefined, `${this.keyPrefix}${String(route.method)}${route.url}-`)
    }
  }
}
