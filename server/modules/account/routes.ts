import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
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
import {
  ledgerQuery,
  ledgerResponse,
  notificationSettingsBody,
  notificationSettingsResponse,
  profileNameBody,
  profileNameResponse,
} from '../../../contract/api/privacy'
import { badRequest, notFound } from '../../errors'
import { planInForce } from '../../db/entitlements'
import { currentUser } from '../../plugins/auth'
import { balanceOf } from '../coins/ledger'
import { upsertNumber } from '../numbers/repository'
import { readPhone } from '../profiles/lookup'
import { searchAllowance } from '../search/daily-limit'
import { clearHistory, listHistory, recordSearch } from '../search/history'
import {
  featuredNumbers,
  findUser,
  ledgerPage,
  mostReportedNumbers,
  notificationSettingsOf,
  overlimitOf,
  setNotificationSettings,
  setOwnName,
} from './repository'

export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { preHandler: app.requireUser }

  r.get('/api/v6/profile/my', {
    ...auth,
    schema: { tags: ['account'], summary: 'The signed-in user own profile', response: { 200: myProfileResponse } },
  }, async (request) => {
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
  })

  r.get('/api/v6/numcy/balance', {
    ...auth,
    schema: { tags: ['coins'], summary: 'Coin balance', response: { 200: balanceResponse } },
  }, async (request) => ({ status: true as const, data: { balance: await balanceOf(app.db, currentUser(request).id) } }))

  r.post('/api/v6/profile/name', {
    ...auth,
    schema: {
      tags: ['account'],
      summary: 'Set your own name, shown as the profile of your number; an empty part clears it, a part left out stays',
      body: profileNameBody,
      response: { 200: profileNameResponse },
    },
  }, async (request) => {
    const { first_name, last_name } = request.body
    const name = await setOwnName(app.db, currentUser(request).id, { firstName: first_name, lastName: last_name })
    if (!name) throw notFound('Profile not found')
    return { status: true as const, data: name }
  })

  r.get('/api/v6/notifications/settings', {
    ...auth,
    schema: { tags: ['notifications'], summary: 'Which notifications you get, and whether they play a sound', response: { 200: notificationSettingsResponse } },
  }, async (request) => {
    const settings = await notificationSettingsOf(app.db, currentUser(request).id)
    if (!settings) throw notFound('Profile not found')
    return { status: true as const, data: settings }
  })

  r.post('/api/v6/notifications/settings', {
    ...auth,
    schema: {
      tags: ['notifications'],
      summary: 'Turn notification kinds on or off (1/0); the settings not given stay. Answers all of them.',
      body: notificationSettingsBody,
      response: { 200: notificationSettingsResponse },
    },
  }, async (request) => {
    const settings = await setNotificationSettings(app.db, currentUser(request).id, request.body)
    if (!settings) throw notFound('Profile not found')
    return { status: true as const, data: settings }
  })

  r.get('/api/v6/numcy/ledger', {
    ...auth,
    schema: { tags: ['coins'], summary: 'Your coin ledger, newest first: every change of the balance with its reason', querystring: ledgerQuery, response: { 200: ledgerResponse } },
  }, async (request) => {
    const { limit, offset } = request.query
    const { items, total } = await ledgerPage(app.db, currentUser(request).id, limit, offset)
    return {
      status: true as const,
      data: {
        total,
        items: items.map((e) => ({ id: e.id, delta: e.delta, balanceAfter: e.balanceAfter, reason: e.reason, createdAtTimestamp: Math.floor(e.createdAt.getTime() / 1000) })),
      },
    }
  })

  r.get('/api/v202305/main/load', {
    ...auth,
    schema: { tags: ['account'], summary: 'Main data of the search screen', querystring: mainLoadQuery, response: { 200: mainLoadResponse } },
  }, async (request) => {
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
  })

  r.get('/api/v6/history/list', {
    ...auth,
    schema: { tags: ['history'], summary: 'Search history, newest first by default', querystring: historyListQuery, response: { 200: historyListResponse } },
  }, async (request) => {
    const user = currentUser(request)
    const { limit, offset, order_by } = request.query
    const { items: rows, total } = await listHistory(app.db, user.id, { limit, offset, order: order_by })
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
    const phone = readPhone(app, user, request.body.phoneNumber, 'phoneNumber')
    const at = request.body.date ? new Date(request.body.date * (request.body.date < 1e12 ? 1000 : 1)) : new Date()
    // Written so that an Invalid Date (a number beyond what Date holds) fails too.
    if (!(at.getTime() <= Date.now() + 60_000 && at.getTime() >= Date.UTC(2000, 0, 1))) throw badRequest('date must be a Unix time in the past')
    const numberId = await upsertNumber(app.db, phone.e164, phone.country)
    await recordSearch(app.db, { userId: user.id, numberId, searchedAt: at })
    return { status: true as const }
  })

  r.post('/api/v6/history/clear', {
    ...auth,
    schema: { tags: ['history'], summary: 'Clear the search history', response: { 200: statusOnly } },
  }, async (request) => {
    await clearHistory(app.db, currentUser(request).id)
    return { status: true as const }
  })
}
