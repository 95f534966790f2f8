/** A bare Fastify route in its own process: the reference the search is measured against. Prints its port. */
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/bare', async () => ({ status: true, data: { ok: true } }))
await app.listen({ port: 0, host: '127.0.0.1' })
process.stdout.write(`port ${(app.server.address() as { port: number }).port}\n`)
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
