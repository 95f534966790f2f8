import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { CountryCode } from 'libphonenumber-js'
import { searchParams, searchQuery, searchResponse } from '../../../contract/api/number-profile'
import { ERROR_CODES } from '../../../contract/errors'
import { AppError } from '../../errors'
import { currentUser, type AuthUser } from '../../plugins/auth'
import { asSessionUser, lookUpNumber, searchAnswer } from './look-up'

export async function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const kept = app.keptSearches

  r.get('/api/v202505/search/:number', {
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
  }, async (request, reply) => {
    const read = (auth: AuthUser) => {
      const ownRegion = (app.phone.normalize(auth.phone)?.country ?? null) as CountryCode | null
      const phone = app.phone.normalize(request.params.number, ownRegion)
      if (!phone) throw new AppError(404, ERROR_CODES.NUMBER_INVALID, `${request.params.number.slice(0, 32)} is not a phone number we can look up`)
      return phone
    }
    // A retry with an Idempotency-Key is the idempotency plugin's to answer; every other search may be a kept one.
    if (kept && request.headers['idempotency-key'] === undefined) {
      const auth = currentUser(request)
      const body = kept.answer(auth, read(auth).e164, request.query.locale)
      if (body !== undefined) {
        // Outside production the answer goes through the serializer's check like any other (ADR 0029).
        if (!app.env.isProduction) return JSON.parse(body.toString('utf8')) as never
        return reply.type('application/json; charset=utf-8').send(body as never)
      }
    }
    const data = await asSessionUser(app, request, (auth) =>
      lookUpNumber(app.db, auth, read(auth), request.query, app.payments.catalogue.limits, app.pageCache, kept),
    )
    return searchAnswer(data)
  })

}
