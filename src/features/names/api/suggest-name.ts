import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/suggest/add: the viewer's name suggestion for a number; an empty name withdraws it. */
export async function suggestName(phone: string, firstName: string, lastName: string) {
  return (
    await api.post(
      '/api/v6/suggest/add',
      { phone, first_name: firstName.trim(), last_name: lastName.trim() },
      answerSchema('numbers', 'suggestAddResponse'),
    )
  ).data
}
