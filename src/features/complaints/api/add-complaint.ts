import { complaintAddResponse } from '@contract/api/community'
import { api } from '@/lib/api'
import { complaintBody, type ComplaintFields } from '../complaint-message'
import type { ComplaintTarget } from '../types'

/** POST /api/v6/complaint/add: tells the moderators a text breaks the terms. */
export async function addComplaint(target: ComplaintTarget, fields: ComplaintFields) {
  const body = complaintBody(target, fields)
  return (await api.post('/api/v6/complaint/add', body as Record<string, string | number | undefined>, complaintAddResponse)).data
}
