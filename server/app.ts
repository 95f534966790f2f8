import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify'
import compress from '@fastify/compress'
import formbody from '@fastify/formbody'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import { Redis } from 'ioredis'
import max from 'libphonenumber-js/metadata.max.json'
import { sql } from 'drizzle-orm'
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod'
import { healthResponse } from '../contract/api/account'
import { ERROR_CODES } from '../contract/errors'
import { createPhoneTools, type PhoneTools } from '../contract/phone'
import type { Database, Db } from './db/client'
import { seedTags } from './db/seed-tags'
import type { Env } from './env'
import { AppError } from './errors'
import { authPlugin } from './plugins/auth'
import { createSignatureVerifier } from './plugins/signing'
import { memoryStore, redisStore, type EphemeralStore } from './plugins/store'
import { accountRoutes } from './modules/account/routes'
import { authRoutes } from './modules/auth/routes'
import { createTokenService } from './modules/auth/tokens'
import { authWebhookRoutes } from './modules/auth/webhooks'
import { registerRenewalJob } from './modules/coins/renewal-job'
import { coinRoutes } from './modules/coins/routes'
import { commentRoutes } from './modules/comments/routes'
import { localeRoutes } from './modules/locale/routes'
import { moderationRoutes } from './modules/moderation/routes'
import { searchRoutes } from './modules/search/routes'
import { notesRoutes } from './modules/notes/routes'
import { contactsRoutes } from './modules/contacts/routes'
import { pollsRoutes } from './modules/polls/routes'
import { profilesRoutes } from './modules/profiles/routes'
import { fofRoutes } from './modules/fof/routes'
import type { TelegramClient } from './providers/telegram'

declare module 'fastify' {
  interface FastifyInstance {
    env: Env
    db: Db
    store: EphemeralStore
    phone: PhoneTools
    verifySigned: (request: FastifyRequest) => Promise<void>
  }
}

export interface BuildOptions {
  env: Env
  database: Database
  /** Where the built web app is; the SPA is served only when it exists. */
  webRoot?: string
  telegram?: TelegramClient
  logger?: boolean
}

const here = path.dirname(fileURLToPath(import.meta.url))
export const defaultWebRoot = path.resolve(here, '..', 'dist')
const version = JSON.parse(fs.readFileSync(path.resolve(here, '..', 'package.json'), 'utf8')).version as string

function errorBody(code: number, message: string) {
  return { status: false as const, status_code: code, message }
}

/** Builds the whole API (and the SPA when built). Tests drive it with inject(). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { env, database } = opts
  const app: FastifyInstance = Fastify({
    logger: opts.logger === false ? false : { level: env.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
    trustProxy: env.isProduction ? '127.0.0.1,::1' : false,
    routerOptions: { maxParamLength: 200 },
    // Malformed URLs (bad %-escapes, over-long path segments) get the error envelope too.
    frameworkErrors: (error, _request, res) => {
      const reply = res as unknown as FastifyReply
      const status = error.statusCode ?? 400
      if (status >= 500) return void reply.code(500).send(errorBody(ERROR_CODES.INTERNAL, 'Something went wrong on our side; try again'))
      const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A part of the path is too long' : 'The URL is not valid: check its %-escapes'
      return void reply.code(status).send(errorBody(ERROR_CODES.VALIDATION, message))
    },
  })

  // The API reads JSON and form data only: anything else (text/plain included) is a 415.
  app.removeContentTypeParser('text/plain')

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null
  const store = redis ? redisStore(redis) : memoryStore()
  app.decorate('env', env)
  app.decorate('db', database.db)
  app.decorate('store', store)
  app.decorate('phone', createPhoneTools(max))
  app.decorate('verifySigned', createSignatureVerifier(env.SIGNING_SECRET, store))
  app.addHook('onClose', async () => {
    await store.close()
    await redis?.quit()
  })

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (!(error instanceof AppError) && hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]
      const field = (issue?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.')
      const where = field ? `${error.validationContext ?? 'request'} ${field}` : error.validationContext ?? 'request'
      const message = `Invalid ${where}: ${issue?.message ?? 'bad value'}`
      return reply.code(400).send(errorBody(ERROR_CODES.VALIDATION, message))
    }
    if (error instanceof AppError) return reply.code(error.statusCode).send(errorBody(error.code, error.message))
    // The multipart parser (busboy) throws plain errors for a malformed body: the client's fault, not ours.
    if (!(error as FastifyError).statusCode && request.isMultipart() && /[\\/]@fastify[\\/]busboy[\\/]/.test(error.stack ?? '')) {
      return reply.code(400).send(errorBody(ERROR_CODES.VALIDATION, 'The multipart/form-data body is malformed'))
    }
    const status = (error as FastifyError).statusCode ?? 500
    if (status === 429) return reply.code(429).send(errorBody(ERROR_CODES.RATE_LIMITED, 'Too many requests; slow down and try again in a minute'))
    if (status === 413) return reply.code(413).send(errorBody(ERROR_CODES.BODY_TOO_LARGE, 'The request body is too large'))
    if (status === 415) return reply.code(415).send(errorBody(ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, `Unsupported content type: ${request.headers['content-type'] ?? 'none'}`))
    if (status >= 400 && status < 500) return reply.code(status).send(errorBody(ERROR_CODES.VALIDATION, error.message))
    request.log.error({ err: error }, 'unhandled error')
    return reply.code(500).send(errorBody(ERROR_CODES.INTERNAL, 'Something went wrong on our side; try again'))
  })

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: env.isProduction,
  })
  await app.register(compress, { threshold: 1024 })
  await app.register(formbody, { bodyLimit: 64 * 1024 })
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fields: 50, fieldSize: 64 * 1024, files: 1, fileSize: 5 * 1024 * 1024, parts: 60, headerPairs: 100 },
  })
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    timeWindow: 60_000,
    max: env.RATE_LIMIT_PER_MINUTE,
    keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
    // The API is limited; the web app's own files are not: one page loads dozens of
    // lazy chunks, and people behind one address (an office, a carrier NAT) share a limit.
    allowList: (request) => !request.url.startsWith('/api/') && !request.url.startsWith('/localeModule/'),
    ...(redis ? { redis, nameSpace: 'callerid-rl:' } : {}),
    errorResponseBuilder: (_request, context) => {
      const err = new AppError(429, ERROR_CODES.RATE_LIMITED, `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s`)
      return Object.assign(err, { statusCode: 429 })
    },
  })
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Caller ID API', version, description: 'Every route of the caller-identification web app.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(authPlugin, { tokens: createTokenService(env.JWT_SECRET) })

  await seedTags(database.db)

  app.get('/api/health', { schema: { tags: ['system'], summary: 'Health: database reachable', response: { 200: healthResponse } } }, async () => {
    await database.db.execute(sql`select 1`)
    return { status: true as const, data: { db: 'ok' as const, version } }
  })
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger())

  await app.register(authRoutes)
  await app.register(authWebhookRoutes, { telegram: opts.telegram })
  await app.register(searchRoutes)
  await app.register(accountRoutes)
  await app.register(notesRoutes)
  await app.register(contactsRoutes)
  await app.register(pollsRoutes)
  await app.register(profilesRoutes)
  await app.register(fofRoutes)
  await app.register(commentRoutes)
  await app.register(moderationRoutes)
  await app.register(coinRoutes)
  registerRenewalJob(app, database)
  await app.register(localeRoutes)

  await registerWebApp(app, opts.webRoot ?? defaultWebRoot)
  return app
}

/** Serves the built SPA with the run-time config in the page, and answers unknown API paths with JSON. */
async function registerWebApp(app: FastifyInstance, webRoot: string) {
  const indexFile = path.join(webRoot, 'index.html')
  const hasWeb = fs.existsSync(indexFile)
  let indexHtml: string | null = null
  if (hasWeb) {
    const config = JSON.stringify({ signingSecret: app.env.SIGNING_SECRET }).replace(/"/g, '&quot;')
    indexHtml = fs.readFileSync(indexFile, 'utf8').replace('__APP_CONFIG__', config)
    // One route per built file; everything else (/, deep links, folders) is the SPA.
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      maxAge: '1h',
      setHeaders: (reply, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable')
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/localeModule/')
    if (!isApi && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml)
    }
    return reply.code(404).send(errorBody(ERROR_CODES.NOT_FOUND, `No such path: ${request.method} ${url.slice(0, 200)}`))
  })
}
