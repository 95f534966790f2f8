import crypto from 'node:crypto'

/** WhatsApp Cloud API webhook: X-Hub-Signature-256 over the raw body, keyed with the App Secret. */
export function verifyWhatsappSignature(raw: Buffer, header: string | string[] | undefined, appSecret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false
  const given = Buffer.from(header.slice(7), 'hex')
  const expected = crypto.createHmac('sha256', appSecret).update(raw).digest()
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}

export interface WhatsappInbound {
  id: string
  from: string
  text: string
}

interface WhatsappPayload {
  object?: string
  entry?: Array<{
    changes?: Array<{
      field?: string
      value?: {
        metadata?: { phone_number_id?: string }
        messages?: Array<{ id?: string; from?: string; type?: string; text?: { body?: string } }>
      }
    }>
  }>
}

/** Every inbound text message addressed to our number; statuses and other numbers are skipped. */
export function readWhatsappMessages(payload: WhatsappPayload, phoneNumberId: string): WhatsappInbound[] {
  if (payload?.object !== 'whatsapp_business_account') return []
  // The body is signed by Meta, but its shape is still checked: a surprise must not become a 500.
  const list = <T>(v: T[] | undefined): T[] => (Array.isArray(v) ? v : [])
  const out: WhatsappInbound[] = []
  for (const entry of list(payload.entry)) {
    for (const change of list(entry?.changes)) {
      if (change?.field !== 'messages' || change.value?.metadata?.phone_number_id !== phoneNumberId) continue
      for (const m of list(change.value.messages)) {
        if (
          m?.type === 'text' &&
          typeof m.id === 'string' &&
          m.id &&
          typeof m.from === 'string' &&
          m.from &&
          typeof m.text?.body === 'string'
        ) {
          out.push({ id: m.id, from: m.from, text: m.text.body })
        }
      }
    }
  }
  return out
}
