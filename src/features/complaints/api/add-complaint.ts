import { botCheck } from '@/lib/bot-check'
import { answerSchema, api } from '@/lib/api'
import { complaintBody, type ComplaintFields } from '../complaint-message'
import type { ComplaintTarget } from '../types'

/**
 * POST /api/v6/complaint/add: tells the moderators a text breaks the terms, with the
 * invisible bot check's token (`bot_token`) when the server configured one.
 */
export async function addComplaint(target: ComplaintTarget, fields: ComplaintFields) {
  const botToken = await botCheck().token('complaint')
  const body = { ...complaintBody(target, fields), ...(botToken ? { bot_token: botToken } : {}) }
  return (
    await api.post(
      '/api/v6/complaint/add',
      body as Record<string, string | number | undefined>,
      answerSchema('community', 'complaintAddResponse'),
    )
  ).data
}
