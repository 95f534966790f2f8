import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { version } from '../version'

/** The OpenAPI 3 reference of every route, built from their zod schemas, at /api/docs. Register it before the routes. */
export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: 'Caller ID API', version, description: 'Every route of the caller-identification web app.' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    })
    app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger())
  },
  { name: 'docs' },
)
