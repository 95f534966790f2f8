import fp from 'fastify-plugin'
import { LRUCache } from 'lru-cache'
import type { PublicPage, PublicPageStore } from './page-repository'

declare module 'fastify' {
  interface FastifyInstance {
    /** The public pages of numbers this process read lately (issue 12); see createPageCache. */
    pageCache: PublicPageStore
  }
}

/**
 * Public number pages kept in this process, by number id, up to `maxBytes` of their
 * JSON. A kept page is only ever served after the viewer's own read (same round trip)
 * shows its version and epoch are still current (profile.ts loadPage), so every process
 * and every server keeps its own copy without any message between them: a write
 * anywhere bumps the version in its own transaction (migration 0007) and the very next
 * search anywhere reads the page again. `ttlMs` bounds what changes with time alone
 * (the decay of bans' weight).
 */
export function createPageCache(opts: { maxBytes: number; ttlMs?: number }): PublicPageStore {
  if (opts.maxBytes <= 0) return { get: () => undefined, set: () => {} }
  const cache = new LRUCache<number, PublicPage>({
    maxSize: opts.maxBytes,
    sizeCalculation: (page) => Math.max(1, JSON.stringify(page).length),
    ttl: opts.ttlMs ?? 60_000,
  })
  return { get: (id) => cache.get(id), set: (id, page) => void cache.set(id, page) }
}

export const pageCachePlugin = fp(
  async (app) => {
    app.decorate('pageCache', createPageCache({ maxBytes: app.env.PAGE_CACHE_MB * 1024 * 1024 }))
  },
  { name: 'page-cache', dependencies: ['core'] },
)
