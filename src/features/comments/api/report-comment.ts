import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/report/comment: reports a comment (or a reply) to the moderators. */
export async function reportComment(target: { comment_id?: number; thread_id?: number }, text = '') {
  return (await api.post('/api/v6/report/comment', { ...target, report_text: text }, answerSchema('community', 'reportResponse'))).data
}
