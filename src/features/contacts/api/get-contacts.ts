import { answerSchema, api } from '@/lib/api'
import { contactsParam, type ContactsOf } from '../contacts-of'

/**
 * GET /api/v6/contacts/by-phone (phone) or /api/v6/contacts/by-profile (profile_id): the
 * names a number is saved under in users' contact books.
 */
export async function getContacts(of: ContactsOf) {
  const path = 'phone' in of ? '/api/v6/contacts/by-phone' : '/api/v6/contacts/by-profile'
  return (await api.get(path, contactsParam(of), answerSchema('numbers', 'contactsResponse'))).data.contacts
}
