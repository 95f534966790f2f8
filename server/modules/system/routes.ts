import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { healthResponse } from '../../../contract/api/account'
import { ping } from '../../db/client'
import { version } from '../../version'

/** The health check a load balancer or monitor polls. */
export async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get('/api/health', { schema: { tags: ['system'], summary: 'Health: database reachable', response: { 200: healthResponse } } }, async () => {
    await ping(app.db)
    return { status: true as const, data: { db: 'ok' as const, version } }
  })
}
