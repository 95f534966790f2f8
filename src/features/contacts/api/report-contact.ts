import { reportResponse } from '@contract/api/numbers'
import { api } from '@/lib/api'

/** POST /api/v6/report/contact: reports a name a number is saved under to the moderators. */
export async function reportContact(args: { phone: string; text: string; firstName: string | null; lastName: string | null; nameHash: string }) {
  const body = { phone: args.phone, report_text: args.text, first_name: args.firstName ?? '', last_name: args.lastName ?? '', name_hash: args.nameHash }
  return (await api.post('/api/v6/report/contact', body, reportResponse)).data
}
