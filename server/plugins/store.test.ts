import crypto from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, sign, TEST_HOST, type TestApp } from '../../tests/support/app'
import { ERROR_CODES } from '../../contract/errors'
import { memoryStore, redisStore, type EphemeralStore } from './store'

const redisUrl = process.env.TEST_REDIS_URL

interface Harness {
  store: EphemeralStore
  /** Lets `ms` pass: a fake clock for the memory store, real time for Redis. */
  pass(ms: number): Promise<void>
}

/** The same behaviour, whichever store holds the state. */
function storeBehaviour(make: () => Promise<Harness>) {
  let h: Harness
  beforeAll(async () => {
    h = await make()
  })
  const key = () => `k:${crypto.randomBytes(6).toString('hex')}`

  it('sets a key only if it is absent', async () => {
    const k = key()
    expect(await h.store.setIfAbsent(k, 60)).toBe(true)
    expect(await h.store.setIfAbsent(k, 60)).toBe(false)
    expect(await h.store.setIfAbsent(key(), 60)).toBe(true)
    expect(await h.store.get(k)).toBe(1)
  })

  it('lets exactly one of many concurrent setIfAbsent win', async () => {
    const k = key()
    const results = await Promise.all(Array.from({ length: 50 }, () => h.store.setIfAbsent(k, 60)))
    expect(results.filter(Boolean)).toHaveLength(1)
  })

  it('counts up, concurrently too, from zero for an unknown key', async () => {
    const k = key()
    expect(await h.store.get(k)).toBe(0)
    expect(await h.store.increment(k, 60)).toBe(1)
    expect(await h.store.increment(k, 60)).toBe(2)
    expect(await h.store.get(k)).toBe(2)
    const k2 = key()
    const values = await Promise.all(Array.from({ length: 50 }, () => h.store.increment(k2, 60)))
    expect(values.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    expect(await h.store.get(k2)).toBe(50)
  })

  it('forgets a key after its TTL, so it can be set again', async () => {
    const k = key()
    expect(await h.store.setIfAbsent(k, 1)).toBe(true)
    await h.pass(1300)
    expect(await h.store.get(k)).toBe(0)
    expect(await h.store.setIfAbsent(k, 1)).toBe(true)
  })

  it('expires a counter TTL seconds after its first increment, not its last', async () => {
    const k = key()
    expect(await h.store.increment(k, 1)).toBe(1)
    await h.pass(600)
    expect(await h.store.increment(k, 1)).toBe(2)
    await h.pass(700)
    expect(await h.store.get(k)).toBe(0)
    expect(await h.store.increment(k, 1)).toBe(1)
  })
}

describe('memoryStore', () => {
  let now = Date.now()
  let store: EphemeralStore
  afterAll(async () => store?.close())
  storeBehaviour(async () => {
    store = memoryStore(() => now)
    return {
      store,
      async pass(ms) {
        now += ms
      },
    }
  })
})

describe.skipIf(!redisUrl)('redisStore', () => {
  const prefix = `callerid-test:${crypto.randomBytes(6).toString('hex')}:`
  let redis: Redis
  afterAll(async () => {
    if (!redis) return
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
  })
  storeBehaviour(async () => {
    redis = new Redis(redisUrl!)
    return {
      store: redisStore(redis, prefix),
      pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    }
  })
})

describe.skipIf(!redisUrl)('two app instances sharing Redis', () => {
  let a: TestApp
  let b: TestApp
  let redis: Redis
  const addresses = Array.from({ length: 2 }, () => `198.51.100.${crypto.randomInt(1, 255)}`)
  const nonces: string[] = []
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl!, AUTH_RATE_LIMIT_PER_MINUTE: '2' }
    ;[a, b] = await Promise.all([createTestApp('pglite', env), createTestApp('pglite', env)])
    redis = new Redis(redisUrl!)
  })
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()])
    if (redis) {
      for (const n of nonces) await redis.del(`callerid:nonce:${n}`)
      for (const ip of addresses) {
        const keys = [...(await redis.keys(`callerid-rl:*${ip}`)), ...(await redis.keys(`callerid:auth-rl:${ip}`))]
        if (keys.length) await redis.del(...keys)
      }
      await redis.quit()
    }
  })

  const authGet = (app: TestApp, query: Record<string, string>, remoteAddress: string) =>
    app.app.inject({ method: 'GET', url: '/api/v202111/auth/get', headers: { host: TEST_HOST }, remoteAddress, query })

  it('refuses a signed call replayed on the other instance', async () => {
    const query = sign('GET', '/api/v202111/auth/get', { lang: 'en' })
    nonces.push(query.cnonce)
    expect((await authGet(a, query, addresses[0])).statusCode).toBe(200)
    const replay = await authGet(b, query, addresses[0])
    expect(replay.statusCode).toBe(400)
    expect(replay.json()).toMatchObject({ status: false, status_code: ERROR_CODES.SIGNATURE_REPLAYED })
  })

  it('counts the rate limit across instances', async () => {
    const call = (app: TestApp) => {
      const query = sign('GET', '/api/v202111/auth/get', {})
      nonces.push(query.cnonce)
      return authGet(app, query, addresses[1])
    }
    expect((await call(a)).statusCode).toBe(200)
    expect((await call(b)).statusCode).toBe(200)
    const third = await call(a)
    expect(third.statusCode).toBe(429)
    expect(third.json().status_code).toBe(ERROR_CODES.RATE_LIMITED)
  })
})
