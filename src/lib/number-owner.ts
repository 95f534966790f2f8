import type { NumberProfile } from '@contract/api/number-profile'

/** The viewer owns the number: their profile is the number's, or their own number is this one. */
export function isNumberOwner(data: NumberProfile, viewer: { profileId: number; phoneNumber: string | null }): boolean {
  if (viewer.profileId > 0 && data.profile.id === viewer.profileId) return true
  const digits = (viewer.phoneNumber ?? '').replace(/\D/g, '')
  return digits.length > 0 && digits === data.targetPhoneNumber.replace(/\D/g, '')
}
