import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/profile/deactivate with cancel=1: unlists the number, hides the texts and ends every session. */
export async function deactivateProfile() {
  return (await api.post('/api/v6/profile/deactivate', { cancel: '1' }, answerSchema('privacy', 'deactivateResponse'))).data
}
