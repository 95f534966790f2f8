import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import type { CountryCode } from 'libphonenumber-js'
import {
  balanceResponse,
  historyAddBody,
  historyListQuery,
  historyListResponse,
  mainLoadQuery,
  mainLoadResponse,
  myProfileResponse,
} from '../../../contract/api/account'
import { statusOnly } from '../../../contract/api/envelope'
import { LIMITS } from '../../../contract/constants'
import { ERROR_CODES } from '../../../contract/errors'
import { contacts, importedEvidence, numbers, searchHistory, users } from '../../db/schema'
import { badRequest, notFound } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { upsertNumber } from '../numbers/repository'
import { searchesLeft } from '../search/daily-limit'

export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { preHandler: app.requireUser }

  r.get('/api/v6/profile/my', {
    ...auth,
    schema: { tags: ['account'], summary: 'The signed-in user own profile', response: { 200: myProfileResponse } },
  }, async (request) => {
    const [u] = await app.db.select().from(users).where(eq(users.id, currentUser(request).id))
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
        isPro: u.isPro,
        createdAtTimestamp: Math.floor(u.createdAt.getTime() / 1000),
      },
    }
  })

  r.get('/api/v6/numcy/balance', {
    ...auth,
    schema: { tags: ['coins'], summary: 'Coin balance', response: { 200: balanceResponse } },
  }, async (request) => {
    const [u] = await app.db.select({ balance: users.balance }).from(users).where(eq(users.id, currentUser(request).id))
    return { status: true as const, data: { balance: u?.balance ?? 0 } }
  })

  r.get('/api/v202305/main/load', {
    ...auth,
    schema: { tags: ['account'], summary: 'Main data of the search screen', querystring: mainLoadQuery, response: { 200: mainLoadResponse } },
  }, async (request) => {
    const user = currentUser(request)
    const [u] = await app.db.select({ overlimit: users.overlimit }).from(users).where(eq(users.id, user.id))
    // Featured: the most-reported numbers, so a new user sees what the service knows at once.
    const featured = await app.db
      .select({ e164: numbers.e164, votes: sql<number>`sum(${importedEvidence.votes})::int` })
      .from(importedEvidence)
      .innerJoin(numbers, eq(numbers.id, importedEvidence.numberId))
      .groupBy(numbers.e164)
      .orderBy(desc(sql`sum(${importedEvidence.votes})`))
      .limit(6)
    return {
      status: true as const,
      data: {
        featuredNumbers: featured.map((f) => ({ phoneNumber: f.e164.slice(1), name: null, index: 0 })),
        overlimitSearch: u?.overlimit ?? false,
        searchDailyLimit: LIMITS.searchDailyLimit,
        accessToNeuroOwl: true,
        leftRequests: await searchesLeft(app.db, user.id),
      },
    }
  })

  r.get('/api/v6/history/list', {
    ...auth,
    schema: { tags: ['history'], summary: 'Search history, newest first by default', querystring: historyListQuery, response: { 200: historyListResponse } },
  }, async (request) => {
    const user = currentUser(request)
    const { limit, offset, order_by } = request.query
    const mine = and(eq(searchHistory.userId, user.id), isNull(searchHistory.clearedAt))
    const [rows, [{ total }]] = await Promise.all([
      app.db
        .select({
          id: searchHistory.id,
          e164: numbers.e164,
          at: searchHistory.searchedAt,
          name: sql<string | null>`(select concat_ws(' ', ${contacts.firstName}, ${contacts.lastName}) from ${contacts} where ${contacts.numberId} = ${numbers.id} group by 1 order by count(*) desc limit 1)`,
        })
        .from(searchHistory)
        .innerJoin(numbers, eq(numbers.id, searchHistory.numberId))
        .where(mine)
        .orderBy(order_by === 'old' ? asc(searchHistory.searchedAt) : desc(searchHistory.searchedAt), desc(searchHistory.id))
        .limit(limit)
        .offset(offset),
      app.db.select({ total: sql<number>`count(*)::int` }).from(searchHistory).where(mine),
    ])
    return {
      status: true as const,
      data: {
        total,
        items: rows.map((r) => ({ id: r.id, phoneNumber: r.e164.slice(1), date: Math.floor(r.at.getTime() / 1000), name: r.name || null, index: null })),
      },
    }
  })

  r.post('/api/v6/history/add', {
    ...auth,
    schema: { tags: ['history'], summary: 'Record a look-up in the search history', body: historyAddBody, response: { 200: statusOnly } },
  }, async (request) => {
    const user = currentUser(request)
    const region = (app.phone.normalize(user.phone)?.country ?? null) as CountryCode | null
    const phone = app.phone.normalize(request.body.phoneNumber, region)
    if (!phone) throw badRequest('phoneNumber is not a valid phone number', ERROR_CODES.NUMBER_INVALID)
    const at = request.body.date ? new Date(request.body.date * (request.body.date < 1e12 ? 1000 : 1)) : new Date()
    // Written so that an Invalid Date (a number beyond what Date holds) fails too.
    if (!(at.getTime() <= Date.now() + 60_000 && at.getTime() >= Date.UTC(2000, 0, 1))) throw badRequest('date must be a Unix time in the past')
    const numberId = await upsertNumber(app.db, phone.e164, phone.country)
    await app.db.insert(searchHistory).values({ userId: user.id, numberId, searchedAt: at })
    return { status: true as const }
  })

  r.post('/api/v6/history/clear', {
    ...auth,
    schema: { tags: ['history'], summary: 'Clear the search history', response: { 200: statusOnly } },
  }, async (request) => {
    await app.db
      .update(searchHistory)
      .set({ clearedAt: new Date() })
      .where(and(eq(searchHistory.userId, currentUser(request).id), isNull(searchHistory.clearedAt)))
    return { status: true as const }
  })
}
