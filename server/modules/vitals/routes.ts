import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { statusOnly } from '../../../contract/api/envelope'
import { vitalsBody } from '../../../contract/api/vitals'
import { storeVitals } from './repository'

/**
 * Real-user metrics (issue 13): LCP, INP and CLS of the page loads the web app sampled
 * (VITALS_SAMPLE_RATE), per route pattern. Signed in or not, nothing about who is stored
 * (no user, address or user agent); the API's rate limit applies.
 */
export async function vitalsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/api/v6/vitals',
    {
      schema: {
        tags: ['system'],
        summary: 'Store the LCP, INP and CLS a sampled page load measured, per route pattern; nothing about who is kept',
        body: vitalsBody,
        response: { 200: statusOnly },
      },
    },
    async (request) => {
      await storeVitals(app.db, request.body.metrics)
      return { status: true as const }
    },
  )
}
