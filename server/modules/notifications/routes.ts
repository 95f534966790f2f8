import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  notificationListQuery,
  notificationListResponse,
  notificationReadBody,
  notificationReadResponse,
} from '../../../contract/api/notifications'
import { notificationSettingsBody, notificationSettingsResponse } from '../../../contract/api/privacy'
import { notFound } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { inboxCounts, listNotifications, markAllRead, markRead, notificationSettingsOf, setNotificationSettings } from './repository'

/** The in-app inbox (DESIGN.md section 9): replies, comments on your number, new names, introduction requests. */
export async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { preHandler: app.requireUser }
  const tags = ['notifications']

  r.get(
    '/api/v6/notifications/list',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Your notifications, newest first, paged; with how many you have and how many are unread',
        querystring: notificationListQuery,
        response: { 200: notificationListResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      return { status: true as const, data: await listNotifications(app.db, user.id, request.query.limit, request.query.offset) }
    },
  )

  r.post(
    '/api/v6/notifications/read',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Mark one of your notifications read (id), or all of them (all=1); answers how many are still unread. 404 for an id that is not yours.',
        body: notificationReadBody,
        response: { 200: notificationReadResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const body = request.body
      if ('id' in body) {
        if (!(await markRead(app.db, user.id, body.id))) throw notFound('You have no notification with that id; nothing was marked read')
      } else {
        await markAllRead(app.db, user.id)
      }
      return { status: true as const, data: { unread: (await inboxCounts(app.db, user.id)).unread } }
    },
  )

  r.get(
    '/api/v6/notifications/settings',
    {
      ...auth,
      schema: {
        tags: ['notifications'],
        summary: 'Which notifications you get, and whether they play a sound',
        response: { 200: notificationSettingsResponse },
      },
    },
    async (request) => {
      const settings = await notificationSettingsOf(app.db, currentUser(request).id)
      if (!settings) throw notFound('Profile not found')
      return { status: true as const, data: settings }
    },
  )

  r.post(
    '/api/v6/notifications/settings',
    {
      ...auth,
      schema: {
        tags: ['notifications'],
        summary: 'Turn notification kinds on or off (1/0); the settings not given stay. Answers all of them.',
        body: notificationSettingsBody,
        response: { 200: notificationSettingsResponse },
      },
    },
    async (request) => {
      const settings = await setNotificationSettings(app.db, currentUser(request).id, request.body)
      if (!settings) throw notFound('Profile not found')
      return { status: true as const, data: settings }
    },
  )
}
