import { answerSchema, api } from '@/lib/api'

/** POST /api/v6/history/clear: forgets the viewer's searches. */
export async function clearHistory() {
  await api.post('/api/v6/history/clear', undefined, answerSchema('envelope', 'statusOnly'))
}
