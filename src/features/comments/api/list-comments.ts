import type { COMMENT_ORDERS } from '@contract/api/community'
import { answerSchema, api } from '@/lib/api'

export type CommentOrder = (typeof COMMENT_ORDERS)[number]

/** GET /api/v7/comment/list: one page of a number's comments. */
export async function listComments(phone: string, order: CommentOrder, offset: number, limit: number) {
  return (await api.get('/api/v7/comment/list', { phone, order_by: order, offset, limit }, answerSchema('community', 'commentListResponse'))).data
}
