import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/privacy/delete: removes history, uploaded contacts, notes and look-up traces; answers how many of each. */
export async function deletePrivacyData() {
  return (await api.post('/api/v6/privacy/delete', undefined, answerSchema('privacy', 'privacyDeleteResponse'))).data.deleted
}
