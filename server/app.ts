import Fastify, { type FastifyInstance } from 'fastify'
import compress from '@fastify/compress'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { Database } from './db/client'
import type { Env } from './env'
import { authPlugin } from './plugins/auth'
import { deviceAuthPlugin } from './plugins/device-auth'
import { bodyPlugin } from './plugins/body'
import { botCheckPlugin } from './plugins/bot-check'
import { clientVersionPlugin } from './plugins/client-version'
import { corePlugin } from './plugins/core'
import { docsPlugin } from './plugins/docs'
import { errorsPlugin, frameworkErrors } from './plugins/errors'
import { idempotencyPlugin } from './plugins/idempotency'
import { registerJob } from './plugins/jobs'
import { pressurePlugin } from './plugins/pressure'
import { rateLimitPlugin } from './plugins/rate-limit'
import { securityPlugin } from './plugins/security'
import { responseSerializerCompiler } from './plugins/serializer'
import { defaultWebRoot, webAppPlugin } from './plugins/web-app'
import { accountRoutes } from './modules/account/routes'
import { analyticsRoutes } from './modules/analytics/routes'
import { historyRoutes } from './modules/history/routes'
import { authRoutes } from './modules/auth/routes'
import { createTokenService } from './modules/auth/tokens'
import { authWebhookRoutes } from './modules/auth/webhooks'
import { renewalJob } from './modules/coins/renewal-job'
import { coinRoutes } from './modules/coins/routes'
import { commentRoutes } from './modules/comments/routes'
import { deviceRoutes } from './modules/device/routes'
import { disputeRoutes } from './modules/disputes/routes'
import { localeRoutes } from './modules/locale/routes'
import { legalRoutes } from './modules/legal/routes'
import { moderationRoutes } from './modules/moderation/routes'
import { pageCachePlugin } from './modules/numbers/page-cache'
import { searchRoutes } from './modules/search/routes'
import { notesRoutes } from './modules/notes/routes'
import { phoneblockRoutes } from './modules/phoneblock/routes'
import { blocklistJob } from './modules/blocklist/job'
import { blocklistReplicaPlugin } from './modules/blocklist/replica'
import { carddavRoutes } from './modules/carddav/routes'
import { contactsRoutes } from './modules/contacts/routes'
import { pollsRoutes } from './modules/polls/routes'
import { profilesRoutes } from './modules/profiles/routes'
import { fofExpiryJob } from './modules/fof/expiry-job'
import { fofRoutes } from './modules/fof/routes'
import { notificationsRoutes } from './modules/notifications/routes'
import { paymentsModule } from './modules/payments'
import { privacyLookupRoutes } from './modules/privacy-lookup/routes'
import { purgeJob } from './modules/privacy/purge-job'
import { privacyRoutes } from './modules/privacy/routes'
import { systemRoutes } from './modules/system/routes'
import { vitalsRoutes } from './modules/vitals/routes'
import type { StripeGateway } from './providers/stripe'
import type { BotChecker } from './providers/turnstile'
import type { TelegramClient } from './providers/telegram'

export interface BuildOptions {
  env: Env
  database: Database
  /** Where the built web app is; the SPA is served only when it exists. */
  webRoot?: string
  telegram?: TelegramClient
  /** Another Stripe gateway than the SDK's (the SDK pointed at STRIPE_API_BASE is the default). */
  stripe?: StripeGateway
  /** Another bot check than Turnstile's siteverify (which TURNSTILE_* configures). */
  botCheck?: BotChecker
  /** False: no log; a stream: every log line goes there (tests read them) at LOG_LEVEL. */
  logger?: boolean | { write(line: string): void }
}

/** Builds the whole API (and the SPA when built) from its plugins. Tests drive it with inject(). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { env, database } = opts
  const app: FastifyInstance = Fastify({
    logger: opts.logger === false ? false : { level: env.LOG_LEVEL, ...(typeof opts.logger === 'object' ? { stream: opts.logger } : {}) },
    bodyLimit: 1024 * 1024,
    trustProxy: env.isProduction ? '127.0.0.1,::1' : false,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
  })
  // Every route validates with its zod schemas from contract/; answers are checked against theirs outside production (ADR 0029).
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(responseSerializerCompiler({ checked: !env.isProduction }))

  await app.register(corePlugin, { env, database })
  await app.register(errorsPlugin)
  await app.register(securityPlugin)
  // Before every other request hook (after the security headers): a call refused for load costs nothing further.
  await app.register(pressurePlugin, { env })
  await app.register(clientVersionPlugin)
  // Before compression: it keeps the answers to money calls as sent (Idempotency-Key).
  await app.register(idempotencyPlugin)
  await app.register(compress, { threshold: 1024 })
  await app.register(bodyPlugin)
  await app.register(rateLimitPlugin)
  await app.register(docsPlugin)
  await app.register(authPlugin, { tokens: createTokenService(env.JWT_SECRET) })
  await app.register(botCheckPlugin, { checker: opts.botCheck })
  await app.register(deviceAuthPlugin)

  await app.register(pageCachePlugin)
  await app.register(blocklistReplicaPlugin)
  await app.register(systemRoutes)
  await app.register(legalRoutes)
  await app.register(authRoutes)
  await app.register(authWebhookRoutes, { telegram: opts.telegram })
  await app.register(searchRoutes)
  await app.register(accountRoutes)
  await app.register(historyRoutes)
  await app.register(deviceRoutes)
  await app.register(phoneblockRoutes)
  registerJob(app, database, 'blocklistJob', blocklistJob(app, database))
  await app.register(carddavRoutes)
  await app.register(privacyRoutes)
  registerJob(app, database, 'purgeJob', purgeJob(app, database))
  await app.register(analyticsRoutes)
  await app.register(vitalsRoutes)
  await app.register(notesRoutes)
  await app.register(contactsRoutes)
  await app.register(pollsRoutes)
  await app.register(profilesRoutes)
  await app.register(fofRoutes)
  registerJob(app, database, 'fofExpiryJob', fofExpiryJob(app, database))
  await app.register(notificationsRoutes)
  await app.register(commentRoutes)
  await app.register(moderationRoutes)
  await app.register(disputeRoutes)
  await app.register(privacyLookupRoutes)
  await app.register(coinRoutes)
  registerJob(app, database, 'renewalJob', renewalJob(app, database))
  await app.register(paymentsModule, { database, stripe: opts.stripe })
  await app.register(localeRoutes)

  await app.register(webAppPlugin, { webRoot: opts.webRoot ?? defaultWebRoot })
  return app
}
