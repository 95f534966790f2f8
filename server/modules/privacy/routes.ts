import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { deactivateBody, deactivateResponse, privacyDeleteResponse } from '../../../contract/api/privacy'
import { currentUser } from '../../plugins/auth'
import { stopRenewalOfClosingAccount } from '../payments/renewal'
import { deactivateUser, deletePrivacyData } from './repository'

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

/** Deleting privacy data and deactivating the account (DESIGN.md section 9); both free for everyone. */
export async function privacyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { preHandler: app.requireUser }

  r.post(
    '/api/v6/privacy/delete',
    {
      ...auth,
      schema: {
        tags: ['account'],
        summary:
          'Delete your search history and look-up traces, uploaded contacts and notes. Balance, purchases, plan and your texts stay.',
        response: { 200: privacyDeleteResponse },
      },
    },
    async (request) => ({ status: true as const, data: { deleted: await deletePrivacyData(app.db, currentUser(request).id) } }),
  )

  r.post(
    '/api/v6/profile/deactivate',
    {
      ...auth,
      schema: {
        tags: ['account'],
        summary:
          'Deactivate your profile (cancel=1): your number is unlisted, your texts hidden, every session signed out. Signing in within 30 days restores it.',
        body: deactivateBody,
        response: { 200: deactivateResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      // Nobody is charged again for an account they closed: the plan stops renewing first (Stripe
      // told), and the deactivation happens only if that worked.
      await stopRenewalOfClosingAccount(app.db, app.payments.stripe, user.id)
      const { deactivatedAt, restoreUntil } = await deactivateUser(app.db, user.id)
      return {
        status: true as const,
        data: { deactivatedAtTimestamp: seconds(deactivatedAt), restoreUntilTimestamp: seconds(restoreUntil) },
      }
    },
  )
}
