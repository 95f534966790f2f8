import { contactsResponse } from '@contract/api/numbers'
import { api } from '@/lib/api'

/** GET /api/v6/contacts/by-phone: the names a number is saved under in users' contact books. */
export async function getContacts(phone: string) {
  return (await api.get('/api/v6/contacts/by-phone', { phone }, contactsResponse)).data.contacts
}
