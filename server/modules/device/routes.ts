import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  deviceAddBody,
  deviceAddResponse,
  deviceListResponse,
  deviceRevokeBody,
  deviceRevokeResponse,
  DEVICES_MAX,
  ROUTER_DEFAULT_MAX_ENTRIES,
} from '../../../contract/api/device'
import { ERROR_CODES } from '../../../contract/errors'
import { AppError } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { devicePasswordHash, newDevicePassword } from '../../plugins/device-auth'
import { addDevice, listDevices, revokeDevice } from './repository'

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)
/** The user name shown with a password: the account's number, digits only (any user name is accepted). */
const userName = (phone: string) => phone.replace(/\D/g, '')

/** `/device/*`: the person's device passwords (DESIGN.md section 10). A web session manages them; a device password never does. */
export async function deviceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const auth = { preHandler: app.requireUser }
  const tags = ['device']

  r.post(
    '/api/v6/device/add',
    {
      ...auth,
      schema: {
        tags,
        summary: 'A new device password, shown in this answer only',
        body: deviceAddBody,
        response: { 200: deviceAddResponse },
      },
    },
    async (request) => {
      const user = currentUser(request)
      const { name, kind, max_entries } = request.body
      const password = newDevicePassword()
      const maxEntries = max_entries ?? (kind === 'router' ? ROUTER_DEFAULT_MAX_ENTRIES : null)
      const row = await addDevice(
        app.db,
        { userId: user.id, name, kind, maxEntries, secretHash: devicePasswordHash(password) },
        DEVICES_MAX,
      )
      if (!row) throw new AppError(409, ERROR_CODES.DEVICES_FULL, `You have ${DEVICES_MAX} devices; revoke one first`)
      return {
        status: true as const,
        data: {
          id: row.id,
          name: row.name,
          kind: row.kind,
          maxEntries: row.maxEntries,
          createdAtTimestamp: seconds(row.createdAt),
          lastUsedAtTimestamp: null,
          user: userName(user.phone),
          password,
        },
      }
    },
  )

  r.get(
    '/api/v6/device/list',
    {
      ...auth,
      schema: { tags, summary: 'Your devices, newest first, with their last use', response: { 200: deviceListResponse } },
    },
    async (request) => {
      const user = currentUser(request)
      const rows = await listDevices(app.db, user.id)
      return {
        status: true as const,
        data: {
          user: userName(user.phone),
          items: rows.map((d) => ({
            id: d.id,
            name: d.name,
            kind: d.kind,
            maxEntries: d.maxEntries,
            createdAtTimestamp: seconds(d.createdAt),
            lastUsedAtTimestamp: d.lastUsedAt ? seconds(d.lastUsedAt) : null,
          })),
        },
      }
    },
  )

  r.post(
    '/api/v6/device/revoke',
    {
      ...auth,
      schema: { tags, summary: 'Revokes a device password at once', body: deviceRevokeBody, response: { 200: deviceRevokeResponse } },
    },
    async (request) => ({ status: true as const, data: { revoked: await revokeDevice(app.db, currentUser(request).id, request.body.id) } }),
  )
}
