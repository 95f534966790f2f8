import type { FastifyInstance } from 'fastify'

/**
 * `/phoneblock/api/*`: the API of PhoneBlock (phoneblock.net) as its clients call it (its
 * Android app, SpamBlocker, its dongle), answered from this product's data (DESIGN.md
 * section 10). Every route takes a device password, never a web session.
 */
export async function phoneblockRoutes(app: FastifyInstance) {
  const device = { config: { deviceAuth: true }, onRequest: app.requireDevice }

  // Clients check a credential with this call before saving it.
  app.get('/phoneblock/api/test', { ...device, schema: { tags: ['phoneblock'], summary: 'OK for a valid device password' } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send('OK'),
  )
}
