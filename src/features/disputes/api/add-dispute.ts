import type { DisputeCategory } from '@contract/api/disputes'
import { answerSchema, api } from '@/lib/api'

export interface DisputeInput {
  phone: string
  category: DisputeCategory
  reasons: string
  link: string
  /** YYYY-MM-DD, or '' when not given. */
  ownedSince: string
}

/** POST /api/v6/dispute/add: the owner of a number contests its rating. */
export async function addDispute(input: DisputeInput) {
  const body = {
    phone: input.phone,
    category: input.category,
    reasons: input.reasons,
    link: input.link || undefined,
    owned_since: input.ownedSince || undefined,
  }
  return (await api.post('/api/v6/dispute/add', body, answerSchema('disputes', 'disputeAddResponse'))).data
}
