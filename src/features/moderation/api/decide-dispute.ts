import type { DISCOUNTABLE } from '@contract/api/disputes'
import { answerSchema, api } from '@/lib/api'

export interface DisputeDecision {
  decision: 'uphold' | 'reject'
  /** Evidence kinds to stop counting (upholding not_spam or business). */
  discount: Array<(typeof DISCOUNTABLE)[number]>
  note: string
}

/** POST /api/v6/moderation/dispute/decide: uphold (discounting evidence) or reject an owner's dispute; answers the new index. */
export async function decideDispute(disputeId: number, { decision, discount, note }: DisputeDecision) {
  const body = { dispute_id: disputeId, decision, discount: discount.length ? discount.join(',') : undefined, note: note || undefined }
  return (await api.post('/api/v6/moderation/dispute/decide', body, answerSchema('disputes', 'disputeDecideResponse'))).data
}
