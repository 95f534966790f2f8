import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { searchParams, searchQuery, searchResponse } from '../../../contract/api/number-profile'
import { ERROR_CODES } from '../../../contract/errors'
import { AppError } from '../../errors'
import { overlimitResponse } from '../../../contract/api/payments'
import { currentUser } from '../../plugins/auth'
import { ownRegion } from '../profiles/lookup'
import { setOverlimit } from './repository'
import type { AuthUser } from '../../plugins/auth'
import type { PhoneKey } from '../../../contract/phone'
import { asSessionUser, lookUpNumber, searchAnswer } from './look-up'

/** `/search/{number}`: a look-up (counted, ADR 0050); `/params/overlimit`: the paid-search switch. */
export async function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/api/v202505/search/:number',
    {
      // A money call: a retry with the same Idempotency-Key is answered once (plugins/idempotency).
      // The look-up's own statement checks the session (look-up.ts asSessionUser).
      config: { idempotent: true, sessionCheckedByHandler: true },
      schema: {
        tags: ['search'],
        summary: 'Look up a number: its whole profile. Counts against the daily limit unless it is your own number.',
        params: searchParams,
        querystring: searchQuery,
        response: { 200: searchResponse },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const data = await asSessionUser(app, request, (auth) =>
        lookUpNumber(
          app.db,
          auth,
          numberToLookUp(app, request.params.number, auth),
          request.query,
          app.payments.catalogue.limits,
          app.pageCache,
          app.blocklist,
        ),
      )
      return searchAnswer(data)
    },
  )

  for (const [path, on] of [
    ['/api/v6/params/overlimit', true],
    ['/api/v6/params/overlimit/disable', false],
  ] as const) {
    r.post(
      path,
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['search'],
          summary: on ? 'Turns paid search on: past the daily limit a search may cost coins' : 'Turns paid search off',
          response: { 200: overlimitResponse },
        },
      },
      async (request) => {
        await setOverlimit(app.db, currentUser(request).id, on)
        return { status: true as const, data: { overlimit: on } }
      },
    )
  }
}

/** The number a look-up asks for, read with the user's own region; 404 when it is not a phone number. */
function numberToLookUp(app: FastifyInstance, input: string, auth: AuthUser): PhoneKey {
  const phone = app.phone.identify(input, ownRegion(app, auth))
  if (!phone) throw new AppError(404, ERROR_CODES.NUMBER_INVALID, `${input.slice(0, 32)} is not a phone number we can look up`)
  return phone
}
