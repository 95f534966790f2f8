import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'

/**
 * Requests whose multipart body is being read. @fastify/multipart reads it in a
 * preValidation hook, and its parser (busboy) fails there with plain errors; a request
 * still in this set when it fails failed on its own body.
 */
const readingMultipart = new WeakSet<FastifyRequest>()

/** True when the request failed while its multipart body was read: a malformed body. */
export const failedReadingMultipart = (request: FastifyRequest) => readingMultipart.has(request)

/** The bodies the API reads: JSON (Fastify's own), URL-encoded forms and multipart forms; anything else is a 415. */
export const bodyPlugin = fp(
  async (app) => {
    // text/plain included.
    app.removeContentTypeParser('text/plain')
    await app.register(formbody, { bodyLimit: 64 * 1024 })
    // These hooks run just before and just after multipart's own preValidation hook, in registration order.
    app.addHook('preValidation', async (request) => {
      if (request.isMultipart()) readingMultipart.add(request)
    })
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fields: 50, fieldSize: 64 * 1024, files: 1, fileSize: 5 * 1024 * 1024, parts: 60, headerPairs: 100 },
    })
    app.addHook('preValidation', async (request) => {
      readingMultipart.delete(request)
    })
  },
  { name: 'body' },
)
