import { answerSchema, api } from '@/lib/api'

/** POST /api/v2/param/antispy: while on, the owners of the numbers the user looks up do not see who looked. */
export async function setAntispy(on: boolean) {
  return (await api.post('/api/v2/param/antispy', { value: on ? '1' : '0' }, answerSchema('numbers', 'antispyResponse'))).data.antispy
}
