import Fastify from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { responseSerializerCompiler } from './serializer'

const answer = z.object({ status: z.literal(true), data: z.object({ name: z.string(), count: z.number().int() }) })

/** A server with three routes: one that answers its schema's shape, one with a field too many, one with a wrong type. */
async function serverWith(checked: boolean) {
  const app = Fastify({ logger: false })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(responseSerializerCompiler({ checked }))
  const r = app.withTypeProvider<ZodTypeProvider>()
  const schema = { response: { 200: answer } }
  r.get('/right', { schema }, async () => ({ status: true as const, data: { name: 'Anna', count: 2 } }))
  // A field the schema does not know: zod would strip it, JSON.stringify alone would send it.
  r.get('/extra', { schema }, async () => ({ status: true as const, data: { name: 'Anna', count: 2, secret: 'x' } }) as never)
  r.get('/wrong', { schema }, async () => ({ status: true as const, data: { name: 'Anna', count: 'two' } }) as never)
  await app.ready()
  return app
}

describe('answers as JSON (ADR 0029)', () => {
  it('outside production, refuses an answer its schema would send differently, so that tests catch it', async () => {
    const app = await serverWith(true)
    const right = await app.inject({ url: '/right' })
    expect(right.statusCode).toBe(200)
    expect(right.body).toBe('{"status":true,"data":{"name":"Anna","count":2}}')
    expect((await app.inject({ url: '/extra' })).statusCode).toBe(500)
    expect((await app.inject({ url: '/wrong' })).statusCode).toBe(500)
    await app.close()
  })

  it('in production, sends the same text for a right answer without checking it again', async () => {
    const app = await serverWith(false)
    expect((await app.inject({ url: '/right' })).body).toBe('{"status":true,"data":{"name":"Anna","count":2}}')
    // What the check exists for: unchecked, the extra field would go out.
    expect((await app.inject({ url: '/extra' })).json().data.secret).toBe('x')
    await app.close()
  })
})
