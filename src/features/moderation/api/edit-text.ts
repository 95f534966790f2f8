import { answerSchema, api } from '@/lib/api'
import type { TextTarget } from './remove-text'

/** POST /api/v6/moderation/edit: replaces the text of a comment or reply. */
export async function editText(target: TextTarget, text: string) {
  await api.post('/api/v6/moderation/edit', { target_type: target.type, target_id: target.id, text }, answerSchema('community', 'okStatus'))
}
