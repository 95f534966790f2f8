import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { Redis } from 'ioredis'
import max from 'libphonenumber-js/metadata.max.json'
import { LRUCache } from 'lru-cache'
import { createPhoneTools, type PhoneKey, type PhoneTools } from '../../contract/phone'
import { openChangeFeed, type ChangeFeed } from '../db/change-feed'
import type { Database, Db } from '../db/client'
import { seedTags } from '../db/seed-tags'
import type { Env } from '../env'
import { createSignatureVerifier } from './signing'
import { memoryStore, redisStore, type EphemeralStore } from './store'

declare module 'fastify' {
  interface FastifyInstance {
    env: Env
    db: Db
    /** The shared Redis when REDIS_URL is set; the rate limit keeps its counters there too. */
    redis: Redis | null
    store: EphemeralStore
    /** Every change to what device calls keep in memory (server/db/change-feed.ts, ADR 0056). */
    changes: ChangeFeed
    phone: PhoneTools
    verifySigned: (request: FastifyRequest) => Promise<void>
  }
}

/** What every route needs: the environment, the database (with its tags), short-lived shared state, phone tools, signed calls. */
export const corePlugin = fp(
  async (app, opts: { env: Env; database: Database }) => {
    const { env, database } = opts
    const redis = env.REDIS_URL
      ? new Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2, enableAutoPipelining: true })
      : null
    const store = redis ? redisStore(redis) : memoryStore()
    app.decorate('env', env)
    app.decorate('db', database.db)
    app.decorate('redis', redis)
    app.decorate('store', store)
    app.decorate('phone', rememberedPhoneTools(createPhoneTools(max)))
    app.decorate('verifySigned', createSignatureVerifier(env.SIGNING_SECRET, store))
    const changes = await openChangeFeed(database)
    app.decorate('changes', changes.feed)
    app.addHook('onClose', async () => {
      await changes.close()
      await store.close()
      await redis?.quit()
    })
    await seedTags(database.db)
  },
  { name: 'core' },
)

/**
 * The phone tools with the numbers identified lately remembered: every search identifies two
 * numbers (the viewer's own, for its region, and the one looked up), and reading one took a
 * twentieth of a search's CPU. Each caller gets its own copy.
 */
export function rememberedPhoneTools(tools: PhoneTools): PhoneTools {
  const read = new LRUCache<string, PhoneKey | false>({ max: 20_000 })
  return {
    ...tools,
    identify(input, region) {
      if (typeof input !== 'string' || input.length > 64) return tools.identify(input, region)
      const key = `${region ?? ''}|${input}`
      let phone = read.get(key)
      if (phone === undefined) read.set(key, (phone = tools.identify(input, region) ?? false))
      return phone ? { ...phone } : null
    },
  }
}
