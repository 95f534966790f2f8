import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { historyAddBody, historyListQuery, historyListResponse } from '../../../contract/api/account'
import { statusOnly } from '../../../contract/api/envelope'
import { badRequest } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { upsertNumber } from '../numbers/repository'
import { readPhone } from '../profiles/lookup'
import { clearHistory, listHistory, recordSearch } from './repository'

/** `/history/*`: the person's search history (one row per number and day, ADR 0050). */
export async function historyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { preHandler: app.requireUser }

  r.get(
    '/api/v6/history/list',
    {
      ...auth,
      schema: {
        tags: ['history'],
        summary: 'Search history, newest first by default',
        querystring: historyListQuery,
        response: { 200: historyListResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const { limit, offset, order_by } = request.query
      const { items: rows, total } = await listHistory(app.db, user.id, { limit, offset, order: order_by })
      return {
        status: true as const,
        data: {
          total,
          items: rows.map((r) => ({
            id: r.id,
            phoneNumber: r.e164.slice(1),
            date: Math.floor(r.at.getTime() / 1000),
            name: r.name || null,
            index: null,
          })),
        },
      }
    },
  )

  r.post(
    '/api/v6/history/add',
    {
      ...auth,
      schema: { tags: ['history'], summary: 'Record a look-up in the search history', body: historyAddBody, response: { 200: statusOnly } },
    },
    async (request) => {
      const user = currentUser(request)
      const phone = readPhone(app, user, request.body.phoneNumber, 'phoneNumber')
      const at = request.body.date ? new Date(request.body.date * (request.body.date < 1e12 ? 1000 : 1)) : new Date()
      // Written so that an Invalid Date (a number beyond what Date holds) fails too.
      if (!(at.getTime() <= Date.now() + 60_000 && at.getTime() >= Date.UTC(2000, 0, 1)))
        throw badRequest('date must be a Unix time in the past')
      const numberId = await upsertNumber(app.db, phone.e164, phone.country)
      await recordSearch(app.db, { userId: user.id, numberId, searchedAt: at })
      return { status: true as const }
    },
  )

  r.post(
    '/api/v6/history/clear',
    {
      ...auth,
      schema: { tags: ['history'], summary: 'Clear the search history', response: { 200: statusOnly } },
    },
    async (request) => {
      await clearHistory(app.db, currentUser(request).id)
      return { status: true as const }
    },
  )
}
