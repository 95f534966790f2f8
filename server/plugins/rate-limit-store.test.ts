import crypto from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leasedRedisStore } from './rate-limit-store'

const redisUrl = process.env.TEST_REDIS_URL

describe.skipIf(!redisUrl)('the rate limit counted in Redis by leases (ADR 0038, again in ADR 0056)', () => {
  let redis: Redis
  const prefix = `callerid-rl-test-${crypto.randomBytes(4).toString('hex')}:`
  beforeAll(() => {
    redis = new Redis(redisUrl!)
  })
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
  })

  /** Two processes' stores on the one Redis (each its own class, as each process makes its own). */
  const twoProcesses = () => [leasedRedisStore(redis, prefix), leasedRedisStore(redis, prefix)]
  const incr = (store: InstanceType<ReturnType<typeof leasedRedisStore>>, key: string, window: number, max: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), window, max),
    )
  const allowed = (results: Array<{ current: number }>, max: number) => results.filter((r) => r.current <= max).length

  it('is exact near a small limit: 101 calls at once, split between two processes, let exactly 100 through', async () => {
    const [A, B] = twoProcesses()
    const stores = [new A({}), new B({})]
    const results = await Promise.all(Array.from({ length: 101 }, (_, i) => incr(stores[i % 2], 'user:1', 60_000, 100)))
    expect(allowed(results, 100)).toBe(100)
    expect(A.asked + B.asked).toBe(101)
    // The next call, on either, is refused.
    for (const s of stores) expect((await incr(s, 'user:1', 60_000, 100)).current).toBeGreaterThan(100)
  })

  it('asks Redis once for many calls far from a limit, and never lets more than the limit through', async () => {
    const [A, B] = twoProcesses()
    const stores = [new A({}), new B({})]
    const max = 5_000
    const results: Array<{ current: number }> = []
    for (let round = 0; round < 60; round++) {
      results.push(...(await Promise.all(Array.from({ length: 100 }, (_, i) => incr(stores[i % 2], 'user:2', 60_000, max)))))
    }
    const through = allowed(results, max)
    expect(through).toBeLessThanOrEqual(max)
    // What the other process held unused near the end is refused a little early, no more.
    expect(through).toBeGreaterThan(max - 100)
    expect(A.asked + B.asked).toBeLessThan(results.length / 3)
    // Every call through has a place of its own in the window's count.
    const places = results.filter((r) => r.current <= max).map((r) => r.current)
    expect(new Set(places).size).toBe(places.length)
  })

  it('starts a new window when the old one ends, leases included', async () => {
    const [A] = twoProcesses()
    const store = new A({})
    for (let i = 0; i < 300; i++) await incr(store, 'user:3', 300, 1_000_000)
    await new Promise((r) => setTimeout(r, 350))
    const first = await incr(store, 'user:3', 300, 1_000_000)
    expect(first.current).toBe(1)
    expect(first.ttl).toBeLessThanOrEqual(300)
  })

  it('keys a route’s own limit apart from the global one', async () => {
    const [A] = twoProcesses()
    const store = new A({})
    const child = store.child({ routeInfo: { method: 'POST', url: '/api/v6/auth/code' } } as never)
    await incr(store, 'ip:1', 60_000, 10)
    expect((await incr(child, 'ip:1', 60_000, 10)).current).toBe(1)
    expect(await redis.exists(`${prefix}POST/api/v6/auth/code-ip:1`)).toBe(1)
  })
})
