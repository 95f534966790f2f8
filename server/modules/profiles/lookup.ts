import type { FastifyInstance } from 'fastify'
import type { CountryCode } from 'libphonenumber-js'
import { ERROR_CODES } from '../../../contract/errors'
import type { PhoneKey } from '../../../contract/phone'
import type { AuthUser } from '../../plugins/auth'
import { badRequest, notFound } from '../../errors'
import { findProfile } from './repository'

/** The user's own region (from their own number), for reading national numbers. */
export function ownRegion(app: FastifyInstance, user: AuthUser): CountryCode | null {
  return (app.phone.identify(user.phone)?.country ?? null) as CountryCode | null
}

/** A number the user typed, read with their region; 400 when it is not a phone number. */
export function readPhone(app: FastifyInstance, user: AuthUser, input: string, field = 'phone'): PhoneKey {
  const phone = app.phone.identify(input, ownRegion(app, user))
  if (!phone) throw badRequest(`${field} is not a valid phone number`, ERROR_CODES.NUMBER_INVALID)
  return phone
}

export interface VisibleProfile {
  id: number
  phone: string
  firstName: string | null
  lastName: string | null
}

/**
 * The user behind a profile id as the viewer may see it: 404 when the user is
 * unknown, deactivated, or unlisted (profile_going off) and not the viewer.
 */
export async function visibleProfile(app: FastifyInstance, viewerId: number, profileId: number): Promise<VisibleProfile> {
  const u = await findProfile(app.db, profileId)
  if (!u || u.deactivatedAt || (!u.profileGoing && u.id !== viewerId)) throw notFound('No such profile')
  return { id: u.id, phone: u.phone, firstName: u.firstName, lastName: u.lastName }
}
