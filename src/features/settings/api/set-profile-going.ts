import { answerSchema, api } from '@/lib/api'

/** POST /api/v2/param/profile_going: whether the user's own number page is listed in search at all. */
export async function setProfileGoing(on: boolean) {
  return (await api.post('/api/v2/param/profile_going', { flag: on ? '1' : '0' }, answerSchema('numbers', 'profileGoingResponse'))).data
    .profile_going
}
