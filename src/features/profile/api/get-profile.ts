import { profileResponse } from '@contract/api/numbers'
import { api } from '@/lib/api'
import { auth } from '@/stores/auth'

/** GET /api/v202505/profile/{profileId}: a user's number page, opened from their comment. */
export async function getProfile(profileId: string, locale: string) {
  const params = { locale, paidSearch: auth.paidSearch ? 1 : 0, source: 'FROM_COMMENTS' }
  return (await api.get(`/api/v202505/profile/${encodeURIComponent(profileId)}`, params, profileResponse)).data
}
