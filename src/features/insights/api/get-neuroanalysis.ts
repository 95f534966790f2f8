import { answerSchema, api } from '@/lib/api'

/** GET /api/v6/neuroanalysis/get: the automatic summary of a number; null when nothing is known. */
export async function getNeuroanalysis(phone: string) {
  return (await api.get('/api/v6/neuroanalysis/get', { phone }, answerSchema('numbers', 'neuroanalysisResponse'))).data.neuroanalysis
}
