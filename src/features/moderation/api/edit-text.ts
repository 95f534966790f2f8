import { answerSchema, api } from '@/lib/api'
import { targetFields, type TextTarget } from './remove-text'

/** POST /api/v6/moderation/edit: replaces the text of a comment or reply, or the name a number shows. */
export async function editText(target: TextTarget, text: string) {
  await api.post('/api/v6/moderation/edit', { ...targetFields(target), text }, answerSchema('community', 'okStatus'))
}
