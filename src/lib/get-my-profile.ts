import { answerSchema, api } from './api'

/** GET /api/v6/profile/my: the signed-in user's own profile (number, profile id, role). */
export async function getMyProfile(locale: string) {
  return (await api.get('/api/v6/profile/my', { locale }, answerSchema('account', 'myProfileResponse'))).data
}
