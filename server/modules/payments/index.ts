import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Database } from '../../db/client'
import { LOCKS } from '../../db/locks'
import { registerJob, type ScheduledJob } from '../../plugins/jobs'
import type { StripeGateway } from '../../providers/stripe'
import { createPaymentsContext, type PaymentsContext } from './context'
import { expireLapsedPlans } from './fulfilment-repository'
import { paymentRoutes } from './routes'
import { subscriptionRoutes } from './subscription-routes'
import { paymentWebhookRoutes } from './webhook'

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsContext
    planExpiryJob: ScheduledJob<{ renewed: number; expired: number }>
  }
}

/**
 * The money side (DESIGN.md section 8): catalogue, checkout, providers, webhook,
 * subscriptions, and the job that renews development plans and expires lapsed ones
 * (every RENEWAL_INTERVAL_MINUTES, one server at a time).
 */
export const paymentsModule = fp(async (app: FastifyInstance, opts: { database: Database; stripe?: StripeGateway }) => {
  const payments = createPaymentsContext(app.env, opts.stripe)
  app.decorate('payments', payments)
  registerJob(app, opts.database, 'planExpiryJob', {
    name: 'expiring lapsed plans',
    lockKey: LOCKS.planExpiryJob,
    intervalMinutes: app.env.RENEWAL_INTERVAL_MINUTES,
    work: (now) => expireLapsedPlans(app.db, payments.catalogue.coinsPerPeriod, now),
    report: (o) => {
      if (o.renewed + o.expired > 0) app.log.info({ plans: o }, 'renewed development plans and expired lapsed ones')
    },
  })
  await app.register(paymentRoutes, { payments })
  await app.register(subscriptionRoutes, { payments })
  await app.register(paymentWebhookRoutes, { payments })
})
