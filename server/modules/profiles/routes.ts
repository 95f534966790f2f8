import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  antispyBody,
  antispyResponse,
  neuroanalysisQuery,
  neuroanalysisResponse,
  profileGoingBody,
  profileGoingResponse,
  profileParams,
  profileQuery,
  profileResponse,
} from '../../../contract/api/numbers'
import { notFound } from '../../errors'
import { lookupsQuery, lookupsResponse } from '../../../contract/api/payments'
import { planTierOf } from '../payments/repository'
import { asSessionUser, lookUpNumber } from '../search/look-up'
import { currentUser } from '../../plugins/auth'
import { loadNeuroanalysis } from '../numbers/page-repository'
import { findNumber } from '../numbers/repository'
import { readPhone, visibleProfile } from './lookup'
import { lookupsOf, privacyFlags, setPrivacyFlags, type PrivacyFlags } from './repository'

const LOOKUPS_DAYS = 30

/** Other users' profile pages (`/profile/{id}`), neuro-analysis of a number, the privacy switches anti-spy and profile-going (`/param/*`), and who looked me up (`/spy/lookups`). */
export async function profilesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { preHandler: app.requireUser }

  r.get(
    '/api/v202505/profile/:profileId',
    {
      // A money call: a retry with the same Idempotency-Key is answered once (plugins/idempotency).
      config: { idempotent: true },
      ...auth,
      schema: {
        tags: ['search'],
        summary: 'A user\u2019s number page by profile id; counts as a search (free for your own)',
        params: profileParams,
        querystring: profileQuery,
        response: { 200: profileResponse },
      },
    },
    async (request) => {
      const auth = currentUser(request)
      const target = await visibleProfile(app, auth.id, request.params.profileId)
      const phone = app.phone.normalize(target.phone)
      if (!phone) throw notFound('No such profile')
      // The same rules as a search: the daily limit, then a paid search or the paid alert.
      const data = await asSessionUser(app, request, (user) =>
        lookUpNumber(app.db, user, phone, request.query, app.payments.catalogue.limits, app.pageCache, app.blocklist),
      )
      return { status: true as const, data }
    },
  )

  r.get(
    '/api/v6/neuroanalysis/get',
    {
      ...auth,
      schema: {
        tags: ['search'],
        summary: 'Automatic summary of what callers report about a number; null when nothing is known',
        querystring: neuroanalysisQuery,
        response: { 200: neuroanalysisResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const phone = readPhone(app, user, request.query.phone)
      const numberId = await findNumber(app.db, phone.e164)
      const neuroanalysis =
        numberId === null
          ? null
          : await loadNeuroanalysis(app.db, numberId, phone.e164, user.id, (await planTierOf(app.db, user.id)) !== null, app.pageCache)
      return { status: true as const, data: { neuroanalysis } }
    },
  )

  const found = (flags: PrivacyFlags | null): PrivacyFlags => {
    if (!flags) throw notFound('Profile not found')
    return flags
  }
  const flagOf = async (userId: number) => found(await privacyFlags(app.db, userId))

  r.get(
    '/api/v2/param/antispy',
    {
      ...auth,
      schema: {
        tags: ['account'],
        summary: 'Anti-spy: whether your look-ups are hidden from the numbers\u2019 owners',
        response: { 200: antispyResponse },
      },
    },
    async (request) => ({ status: true as const, data: { antispy: (await flagOf(currentUser(request).id)).antispy } }),
  )

  r.post(
    '/api/v2/param/antispy',
    {
      ...auth,
      schema: { tags: ['account'], summary: 'Turn anti-spy on (1) or off (0)', body: antispyBody, response: { 200: antispyResponse } },
    },
    async (request) => {
      const u = found(await setPrivacyFlags(app.db, currentUser(request).id, { antispy: request.body.value }))
      return { status: true as const, data: { antispy: u.antispy } }
    },
  )

  r.get(
    '/api/v2/param/profile_going',
    {
      ...auth,
      schema: {
        tags: ['account'],
        summary: 'Profile-going: whether your own number page is listed for others',
        response: { 200: profileGoingResponse },
      },
    },
    async (request) => ({ status: true as const, data: { profile_going: (await flagOf(currentUser(request).id)).profileGoing } }),
  )

  r.post(
    '/api/v2/param/profile_going',
    {
      ...auth,
      schema: {
        tags: ['account'],
        summary: 'List (1) or unlist (0) your own number page',
        body: profileGoingBody,
        response: { 200: profileGoingResponse },
      },
    },
    async (request) => {
      const u = found(await setPrivacyFlags(app.db, currentUser(request).id, { profileGoing: request.body.flag }))
      return { status: true as const, data: { profile_going: u.profileGoing } }
    },
  )

  r.get(
    '/api/v6/spy/lookups',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['profiles'],
        summary: `Premium Plus: the signed-in users who looked up your number in the last ${LOOKUPS_DAYS} days (anti-spy users without a number)`,
        querystring: lookupsQuery,
        response: { 200: lookupsResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      if ((await planTierOf(app.db, user.id)) !== 'tier2') return { status: true as const, data: { allowed: false, items: [], total: 0 } }
      const since = new Date(Date.now() - LOOKUPS_DAYS * 86_400_000)
      const { items, total } = await lookupsOf(app.db, user.id, since, request.query.limit, request.query.offset)
      return { status: true as const, data: { allowed: true, items, total } }
    },
  )
}
