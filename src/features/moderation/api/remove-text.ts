import { answerSchema, api } from '@/lib/api'

/** What a moderator removes or edits: a comment or reply by id, or a contact name of a number by its hash (as reported). */
export type TextTarget = { type: 'comment' | 'thread'; id: number } | { type: 'contact'; phone: string; nameHash: string }
/** The report or complaint the removal answers; it counts toward the author's posting ban. */
export type Case = { kind: 'report' | 'complaint'; id: number }

/** The request fields naming the target. */
export const targetFields = (target: TextTarget) =>
  target.type === 'contact'
    ? { target_type: target.type, phone: target.phone, name_hash: target.nameHash }
    : { target_type: target.type, target_id: target.id }

/** POST /api/v6/moderation/remove: removes a comment, reply or contact name and closes the open cases about it. */
export async function removeText(target: TextTarget, about: Case, reason = '') {
  const caseId = about.kind === 'report' ? { report_id: about.id } : { complaint_id: about.id }
  return (
    await api.post(
      '/api/v6/moderation/remove',
      { ...targetFields(target), reason, ...caseId },
      answerSchema('community', 'moderationRemoveResponse'),
    )
  ).data
}
