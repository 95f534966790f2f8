import { withActionKey } from '@/lib/action-key'
import { answerSchema, api } from '@/lib/api'
import { auth } from '@/stores/auth'

/** GET /api/v202505/profile/{profileId}: a user's number page, opened from their comment. */
export async function getProfile(profileId: string, locale: string) {
  const params = { locale, paidSearch: auth.paidSearch ? 1 : 0, source: 'FROM_COMMENTS' }
  const path = `/api/v202505/profile/${encodeURIComponent(profileId)}`
  // A paid search spends a coin: a repeat while it is on its way, or after a network error, is answered once.
  if (!params.paidSearch) return (await api.get(path, params, answerSchema('numbers', 'profileResponse'))).data
  return withActionKey(
    `paid-profile:${profileId}`,
    async (idempotencyKey) => (await api.get(path, params, answerSchema('numbers', 'profileResponse'), { idempotencyKey })).data,
  )
}
