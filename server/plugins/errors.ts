import fp from 'fastify-plugin'
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ERROR_CODES } from '../../contract/errors'
import { AppError } from '../errors'
import { failedReadingMultipart } from './body'

/** The error envelope every failure answers (contract/api/envelope: errorEnvelope). */
export function errorBody(code: number, message: string) {
  return { status: false as const, status_code: code, message }
}

const internal = () => errorBody(ERROR_CODES.INTERNAL, 'Something went wrong on our side; try again')

/** Malformed URLs (bad %-escapes, over-long path segments) get the error envelope too. A Fastify option. */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (error, _request, res) => {
  const reply = res as unknown as FastifyReply
  const status = error.statusCode ?? 400
  if (status >= 500) return void reply.code(500).send(internal())
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A part of the path is too long' : 'The URL is not valid: check its %-escapes'
  return void reply.code(status).send(errorBody(ERROR_CODES.VALIDATION, message))
}

/** An unknown path: the 404 envelope. The web app's fallback (web-app) hands every API path here. */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const url = request.url.split('?')[0]
  return reply.code(404).send(errorBody(ERROR_CODES.NOT_FOUND, `No such path: ${request.method} ${url.slice(0, 200)}`))
}

/** Every error answers the envelope with a status the client can act on; only our own faults are a 500. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (!(error instanceof AppError) && hasZodFastifySchemaValidationErrors(error)) {
        const issue = error.validation[0]
        const field = (issue?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.')
        const where = field ? `${error.validationContext ?? 'request'} ${field}` : (error.validationContext ?? 'request')
        const message = `Invalid ${where}: ${issue?.message ?? 'bad value'}`
        return reply.code(400).send(errorBody(ERROR_CODES.VALIDATION, message))
      }
      if (error instanceof AppError) return reply.code(error.statusCode).send(errorBody(error.code, error.message))
      // The multipart parser (busboy) fails with plain errors on a malformed body: the client's fault, not ours.
      if (!(error as FastifyError).statusCode && failedReadingMultipart(request)) {
        return reply.code(400).send(errorBody(ERROR_CODES.VALIDATION, 'The multipart/form-data body is malformed'))
      }
      const status = (error as FastifyError).statusCode ?? 500
      if (status === 429)
        return reply.code(429).send(errorBody(ERROR_CODES.RATE_LIMITED, 'Too many requests; slow down and try again in a minute'))
      if (status === 413) return reply.code(413).send(errorBody(ERROR_CODES.BODY_TOO_LARGE, 'The request body is too large'))
      if (status === 415)
        return reply
          .code(415)
          .send(errorBody(ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, `Unsupported content type: ${request.headers['content-type'] ?? 'none'}`))
      if (status >= 400 && status < 500) return reply.code(status).send(errorBody(ERROR_CODES.VALIDATION, error.message))
      request.log.error({ err: error }, 'unhandled error')
      return reply.code(500).send(internal())
    })
  },
  { name: 'errors' },
)
