import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { mainLoadQuery, mainLoadResponse, myProfileResponse } from '../../../contract/api/account'
import { profileNameBody, profileNameResponse } from '../../../contract/api/privacy'
import { notFound } from '../../errors'
import { planInForce } from '../../db/entitlements'
import { currentUser } from '../../plugins/auth'
import { overlimitOf, searchAllowance } from '../search/repository'
import { featuredNumbers, findUser, mostReportedNumbers, setOwnName } from './repository'

/** The signed-in person's own account: `/profile/my`, `/profile/name` and the first screen's data (`/main/load`). */
export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { preHandler: app.requireUser }

  r.get(
    '/api/v6/profile/my',
    {
      ...auth,
      schema: { tags: ['account'], summary: 'The signed-in user own profile', response: { 200: myProfileResponse } },
    },
    async (request) => {
      const u = await findUser(app.db, currentUser(request).id)
      if (!u) throw notFound('Profile not found')
      return {
        status: true as const,
        data: {
          profileId: u.id,
          phoneNumber: u.phone,
          firstName: u.firstName,
          lastName: u.lastName,
          role: u.role,
          balance: u.balance,
          locale: u.locale,
          antispy: u.antispy,
          profileGoing: u.profileGoing,
          overlimit: u.overlimit,
          isPro: planInForce(u) !== null,
          planTier: planInForce(u),
          createdAtTimestamp: Math.floor(u.createdAt.getTime() / 1000),
        },
      }
    },
  )

  r.post(
    '/api/v6/profile/name',
    {
      ...auth,
      schema: {
        tags: ['account'],
        summary: 'Set your own name, shown as the profile of your number; an empty part clears it, a part left out stays',
        body: profileNameBody,
        response: { 200: profileNameResponse },
      },
    },
    async (request) => {
      const { first_name, last_name } = request.body
      const name = await setOwnName(app.db, currentUser(request).id, { firstName: first_name, lastName: last_name })
      if (!name) throw notFound('Profile not found')
      return { status: true as const, data: name }
    },
  )

  r.get(
    '/api/v202305/main/load',
    {
      ...auth,
      schema: {
        tags: ['account'],
        summary: 'Main data of the search screen',
        querystring: mainLoadQuery,
        response: { 200: mainLoadResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      // Featured: the most-reported numbers, so a new user sees what the service knows at once.
      const featured = await featuredNumbers(app.db, await mostReportedNumbers(app.db, 6))
      const allowance = await searchAllowance(app.db, user.id, app.payments.catalogue.limits)
      return {
        status: true as const,
        data: {
          featuredNumbers: featured.map((f) => ({ phoneNumber: f.e164.slice(1), name: f.name, index: f.index })),
          overlimitSearch: await overlimitOf(app.db, user.id),
          searchDailyLimit: allowance.limit,
          // The full neuro-analysis comes with a plan; free users see its headline.
          accessToNeuroOwl: allowance.planActive,
          leftRequests: allowance.left,
        },
      }
    },
  )
}
