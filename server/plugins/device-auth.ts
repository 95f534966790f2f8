import { createHash, randomBytes } from 'node:crypto'
import fp from 'fastify-plugin'
import { LRUCache } from 'lru-cache'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ERROR_CODES } from '../../contract/errors'
import { AppError } from '../errors'
import { deviceBySecret, touchDevice, type DeviceCredential } from '../modules/device/repository'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a device password (Bearer or Basic), not a web session: the session hook leaves it alone. */
    deviceAuth?: boolean
  }
  interface FastifyRequest {
    device: DeviceCredential | null
  }
  interface FastifyInstance {
    /** onRequest of a device route: 401 with a Basic challenge unless a live device password is presented. */
    requireDevice: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
}

/** A new device password: 32 random bytes, base64url (43 characters, easy to type from a QR code). */
export const newDevicePassword = () => randomBytes(32).toString('base64url')
export const devicePasswordHash = (password: string) => createHash('sha256').update(password).digest('hex')

/** The password of `Authorization: Bearer <password>` or of HTTP Basic (any user name); null when neither. */
export function presentedPassword(header: string | undefined): string | null {
  if (!header) return null
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (bearer) return bearer[1]
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header)
  if (!basic) return null
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon >= 0 && colon < decoded.length - 1 ? decoded.slice(colon + 1) : null
}

/** Credentials kept per process (ADR 0056); beyond this many the least recently used go. */
const MAX_KEPT = 100_000

/** Last use is written at most once a minute per device and process: a router syncing does not write at every call. */
const TOUCH_EVERY_MS = 60_000

export const deviceAuthPlugin = fp(
  async (app) => {
    app.decorateRequest('device', null)
    const touched = new Map<number, number>()
    // A phone asks while it rings: its credential (with the person's own lists) is kept in the process while the
    // change feed is live, and forgotten at the first notice of a change to that person's devices, account or lists.
    const keptOf = new Map<number, Set<string>>()
    const kept = new LRUCache<string, DeviceCredential>({
      max: MAX_KEPT,
      dispose: (device, hash) => {
        const hashes = keptOf.get(device.userId)
        hashes?.delete(hash)
        if (hashes?.size === 0) keptOf.delete(device.userId)
      },
    })
    let userNotices = 0
    app.changes.on((notice) => {
      if (notice !== null && notice[0] !== 'u') return
      userNotices++
      if (notice === null) return kept.clear()
      for (const hash of keptOf.get(Number(notice.slice(1))) ?? []) kept.delete(hash)
    })
    const keep = (hash: string, device: DeviceCredential) => {
      kept.set(hash, device)
      let hashes = keptOf.get(device.userId)
      if (!hashes) keptOf.set(device.userId, (hashes = new Set()))
      hashes.add(hash)
    }
    const credential = async (hash: string): Promise<DeviceCredential | null> => {
      const live = app.changes.live
      const known = live ? kept.get(hash) : undefined
      if (known) return known
      const before = userNotices
      const device = await deviceBySecret(app.db, hash)
      // Read while a change to some person was noticed: it may predate it, so it is not kept.
      if (device && live && app.changes.live && userNotices === before) keep(hash, device)
      return device
    }
    app.decorate('requireDevice', async (request: FastifyRequest, reply: FastifyReply) => {
      const password = presentedPassword(request.headers.authorization)
      const device = password && password.length <= 200 ? await credential(devicePasswordHash(password)) : null
      if (!device) {
        reply.header('WWW-Authenticate', 'Basic realm="Caller ID blocklists", charset="UTF-8"')
        throw new AppError(
          401,
          ERROR_CODES.UNAUTHORIZED,
          password ? 'This device password is not valid or was revoked' : 'A device password is needed (Settings → Protect your phone)',
        )
      }
      request.device = device
      const now = Date.now()
      if ((touched.get(device.id) ?? 0) + TOUCH_EVERY_MS <= now) {
        touched.set(device.id, now)
        if (touched.size > 100_000) touched.clear()
        await touchDevice(app.db, device.id)
      }
    })
  },
  { name: 'device-auth', dependencies: ['core'] },
)
