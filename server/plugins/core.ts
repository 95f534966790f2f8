import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { Redis } from 'ioredis'
import max from 'libphonenumber-js/metadata.max.json'
import { createPhoneTools, type PhoneTools } from '../../contract/phone'
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
    phone: PhoneTools
    verifySigned: (request: FastifyRequest) => Promise<void>
  }
}

/** What every route needs: the environment, the database (with its tags), short-lived shared state, phone tools, signed calls. */
export const corePlugin = fp(
  async (app, opts: { env: Env; database: Database }) => {
    const { env, database } = opts
    const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null
    const store = redis ? redisStore(redis) : memoryStore()
    app.decorate('env', env)
    app.decorate('db', database.db)
    app.decorate('redis', redis)
    app.decorate('store', store)
    app.decorate('phone', createPhoneTools(max))
    app.decorate('verifySigned', createSignatureVerifier(env.SIGNING_SECRET, store))
    app.addHook('onClose', async () => {
      await store.close()
      await redis?.quit()
    })
    await seedTags(database.db)
  },
  { name: 'core' },
)
