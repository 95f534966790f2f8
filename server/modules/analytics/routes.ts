import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { statusOnly } from '../../../contract/api/envelope'
import { analyticsBody } from '../../../contract/api/privacy'
import { countEvent } from './repository'

/**
 * Page views and searches counted per day, route pattern and language (SPEC.md section 4:
 * the web app sends them for ru-RU only). Signed in or not, the user is never stored;
 * the API's rate limit applies.
 */
export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/api/v6/analytics',
    {
      schema: {
        tags: ['system'],
        summary: 'Count a page view or a search for its route pattern and language; nothing about who is kept',
        body: analyticsBody,
        response: { 200: statusOnly },
      },
    },
    async (request) => {
      await countEvent(app.db, request.body)
      return { status: true as const }
    },
  )
}
