/**
 * Device passwords (DESIGN.md section 10): a credential per phone, router or app, for the
 * PhoneBlock-compatible API and the CardDAV blocklists. Never a web session.
 */
import { z } from 'zod'
import { okEnvelope } from './envelope'

export const DEVICE_KINDS = ['phone', 'router', 'app'] as const
export type DeviceKind = (typeof DEVICE_KINDS)[number]

/** What a router holds when none is set: a Fritz!Box phonebook's size. */
export const ROUTER_DEFAULT_MAX_ENTRIES = 2000
export const DEVICE_NAME_MAX = 60
/** A person's devices at most: each is a way into their lists. */
export const DEVICES_MAX = 20

export const deviceAddBody = z.object({
  name: z.string().trim().min(1, 'Give the device a name').max(DEVICE_NAME_MAX, `A device name has at most ${DEVICE_NAME_MAX} characters`),
  kind: z.enum(DEVICE_KINDS, { message: 'kind is phone, router or app' }),
  max_entries: z.coerce.number().int().min(10, 'max_entries is at least 10').max(1_000_000, 'max_entries is at most 1,000,000').optional(),
})

export const deviceItem = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  maxEntries: z.number().int().nullable(),
  createdAtTimestamp: z.number().int(),
  lastUsedAtTimestamp: z.number().int().nullable(),
})
export type DeviceItem = z.infer<typeof deviceItem>

/** The password is in this answer only: the server keeps its hash. `user` is the user name to type (the account's number digits). */
export const deviceAddResponse = okEnvelope(deviceItem.extend({ user: z.string(), password: z.string() }))
export const deviceListResponse = okEnvelope(z.object({ items: z.array(deviceItem), user: z.string() }))
export const deviceRevokeBody = z.object({ id: z.coerce.number().int().positive('id is a device of yours') })
export const deviceRevokeResponse = okEnvelope(z.object({ revoked: z.boolean() }))
