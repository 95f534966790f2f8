import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { eq } from 'drizzle-orm'
import type { CountryCode } from 'libphonenumber-js'
import { searchParams, searchQuery, searchResponse, emptyNumberProfile } from '../../../contract/api/number-profile'
import { LIMITS } from '../../../contract/constants'
import { ERROR_CODES } from '../../../contract/errors'
import { searchHistory, users } from '../../db/schema'
import { AppError } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { spendCoins } from '../coins/ledger'
import { describeNumber } from '../numbers/geo'
import { buildNumberProfile } from '../numbers/profile'
import { upsertNumber } from '../numbers/repository'
import { searchesLeft, takeSearch } from './daily-limit'

export async function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/api/v202505/search/:number', {
    schema: {
      tags: ['search'],
      summary: 'Look up a number: its whole profile. Counts against the daily limit unless it is your own number.',
      params: searchParams,
      querystring: searchQuery,
      response: { 200: searchResponse },
    },
    preHandler: app.requireUser,
  }, async (request) => {
    const auth = currentUser(request)
    const [viewer] = await app.db
      .select({ id: users.id, balance: users.balance, spySubscription: users.spySubscription, overlimit: users.overlimit, antispy: users.antispy, locale: users.locale })
      .from(users)
      .where(eq(users.id, auth.id))
    const ownRegion = (app.phone.normalize(auth.phone)?.country ?? null) as CountryCode | null
    const phone = app.phone.normalize(request.params.number, ownRegion)
    if (!phone) throw new AppError(404, ERROR_CODES.NUMBER_INVALID, `${request.params.number.slice(0, 32)} is not a phone number we can look up`)
    const locale = request.query.locale ?? viewer.locale ?? 'en'
    const isOwn = phone.e164 === auth.phone

    let left = isOwn ? await searchesLeft(app.db, auth.id) : await takeSearch(app.db, auth.id)
    let paid = false
    if (left === null) {
      const price = LIMITS.defaultPaidSearchPrice
      const wantsPaid = viewer.overlimit && request.query.paidSearch === '1'
      if (wantsPaid && (await spendCoins(app.db, auth.id, price, 'paid_search', undefined)) !== null) {
        paid = true
        left = 0
        viewer.balance -= price
      } else {
        const limited = emptyNumberProfile(phone.digits)
        limited.phone = { number: phone.e164, ...(await describeNumber(phone.e164, locale)) }
        limited.common = { ...limited.common, leftRequests: 0, balance: viewer.balance }
        limited.paidAlert = { show: true, paidSearchPrice: price }
        return { status: true as const, data: limited }
      }
    }

    const numberId = await upsertNumber(app.db, phone.e164, phone.country)
    await app.db.insert(searchHistory).values({ userId: auth.id, numberId, paid, anonymous: viewer.antispy })
    const { region, carrier } = await describeNumber(phone.e164, locale)
    const data = await buildNumberProfile(app.db, { numberId, phone, region, carrier, viewer, leftRequests: left, paid })
    return { status: true as const, data }
  })

}
