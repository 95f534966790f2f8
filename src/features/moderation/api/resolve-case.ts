import { answerSchema, api } from '@/lib/api'
import type { Case } from './remove-text'

/** POST /api/v6/moderation/resolve: closes a report or complaint as resolved or rejected. */
export async function resolveCase(about: Case, status: 'resolved' | 'rejected') {
  await api.post('/api/v6/moderation/resolve', { kind: about.kind, id: about.id, status }, answerSchema('community', 'okStatus'))
}
