import type { Redis } from 'ioredis'

/**
 * Short-lived shared state (signed-call nonces, attempt counters). In Redis when
 * REDIS_URL is set, so that every API instance sees the same values; in process otherwise.
 */
export interface EphemeralStore {
  /** Sets key for ttl seconds if it is not set; true if it was set now. */
  setIfAbsent(key: string, ttlSeconds: number): Promise<boolean>
  /** Increments a counter that expires ttl seconds after its first increment. */
  increment(key: string, ttlSeconds: number): Promise<number>
  get(key: string): Promise<number>
  close(): Promise<void>
}

export function memoryStore(now: () => number = Date.now): EphemeralStore {
  const entries = new Map<string, { value: number; expiresAt: number }>()
  const live = (key: string) => {
    const e = entries.get(key)
    if (e && e.expiresAt <= now()) {
      entries.delete(key)
      return undefined
    }
    return e
  }
  const sweep = setInterval(() => {
    for (const key of entries.keys()) live(key)
  }, 60_000)
  sweep.unref()
  return {
    async setIfAbsent(key, ttl) {
      if (live(key)) return false
      entries.set(key, { value: 1, expiresAt: now() + ttl * 1000 })
      return true
    },
    async increment(key, ttl) {
      const e = live(key)
      if (e) return ++e.value
      entries.set(key, { value: 1, expiresAt: now() + ttl * 1000 })
      return 1
    },
    async get(key) {
      return live(key)?.value ?? 0
    },
    async close() {
      clearInterval(sweep)
      entries.clear()
    },
  }
}

export function redisStore(redis: Redis, prefix = 'callerid:'): EphemeralStore {
  return {
    async setIfAbsent(key, ttl) {
      return (await redis.set(prefix + key, '1', 'EX', ttl, 'NX')) === 'OK'
    },
    async increment(key, ttl) {
      const [[, value]] = (await redis
        .multi()
        .incr(prefix + key)
        .expire(prefix + key, ttl, 'NX')
        .exec()) as [[unknown, number]]
      return value
    },
    async get(key) {
      return Number((await redis.get(prefix + key)) ?? 0)
    },
    async close() {},
  }
}
