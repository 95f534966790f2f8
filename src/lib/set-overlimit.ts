import { answerSchema, api } from './api'

/**
 * POST /api/v6/params/overlimit or /api/v6/params/overlimit/disable: whether a search past
 * the daily limit may cost coins. Shared by the settings switch and the limit alert's one-click paid search.
 */
export async function setOverlimit(on: boolean) {
  const path = on ? '/api/v6/params/overlimit' : '/api/v6/params/overlimit/disable'
  return (await api.post(path, undefined, answerSchema('payments', 'overlimitResponse'))).data.overlimit
}
