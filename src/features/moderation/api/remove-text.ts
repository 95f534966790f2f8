import { answerSchema, api } from '@/lib/api'

export type TextTarget = { type: 'comment' | 'thread'; id: number }
/** The report or complaint the removal answers; it counts toward the author's posting ban. */
export type Case = { kind: 'report' | 'complaint'; id: number }

/** POST /api/v6/moderation/remove: removes a comment or reply and closes the open cases about it. */
export async function removeText(target: TextTarget, about: Case, reason = '') {
  const caseId = about.kind === 'report' ? { report_id: about.id } : { complaint_id: about.id }
  return (await api.post('/api/v6/moderation/remove', { target_type: target.type, target_id: target.id, reason, ...caseId }, answerSchema('community', 'moderationRemoveResponse'))).data
}
