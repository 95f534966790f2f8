import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/profile/name: the user's own name, shown as `profile` on their number's page; empty clears it. */
export async function setProfileName(name: { firstName: string; lastName: string }) {
  return (
    await api.post(
      '/api/v6/profile/name',
      { first_name: name.firstName, last_name: name.lastName },
      answerSchema('privacy', 'profileNameResponse'),
    )
  ).data
}
