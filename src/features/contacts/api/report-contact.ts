import { answerSchema, api } from '@/lib/api'
import { contactsParam, type ContactsOf } from '../contacts-of'

/**
 * POST /api/v6/report/contact (phone) or /api/v6/report/contact-by-profile (profile_id):
 * reports a name a number is saved under to the moderators.
 */
export async function reportContact(args: {
  of: ContactsOf
  text: string
  firstName: string | null
  lastName: string | null
  nameHash: string
}) {
  const path = 'phone' in args.of ? '/api/v6/report/contact' : '/api/v6/report/contact-by-profile'
  const body = {
    ...contactsParam(args.of),
    report_text: args.text,
    first_name: args.firstName ?? '',
    last_name: args.lastName ?? '',
    name_hash: args.nameHash,
  }
  return (await api.post(path, body, answerSchema('numbers', 'reportResponse'))).data
}
