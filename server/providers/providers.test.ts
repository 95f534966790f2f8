import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { readTelegramUpdate, verifyTelegramSecret } from './telegram'
import { readWhatsappMessages, verifyWhatsappSignature } from './whatsapp'
import { twilioSignature, verifyTwilioSignature, twiml } from './twilio'

describe('Twilio signature', () => {
  it("matches Twilio's documented test vector", () => {
    const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' }
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2'
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=')
    expect(verifyTwilioSignature('12345', url, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(true)
    expect(verifyTwilioSignature('12345', url, { ...params, Digits: '1235' }, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false)
    expect(verifyTwilioSignature('12345', url, params, undefined)).toBe(false)
  })
  it('accepts the URL with the explicit :443 port like twilio-node', () => {
    const sig = twilioSignature('tok', 'https://example.org:443/hook', { A: '1' })
    expect(verifyTwilioSignature('tok', 'https://example.org/hook', { A: '1' }, sig)).toBe(true)
  })
  it('escapes reply text', () => {
    expect(twiml('a<b & "c"')).toContain('<Message>a&lt;b &amp; &quot;c&quot;</Message>')
  })
})

describe('WhatsApp', () => {
  const body = Buffer.from(
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'messages', value: {
        metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
        contacts: [{ profile: { name: 'Ann' }, wa_id: '16505551234' }],
        messages: [{ from: '16505551234', id: 'wamid.1', type: 'text', text: { body: 'LOGIN 123456' } }],
      } }, { field: 'messages', value: { metadata: { phone_number_id: '106540352242922' }, statuses: [{ id: 'x' }] } }] }],
    }),
  )
  it('verifies X-Hub-Signature-256 over the raw bytes', () => {
    const sig = 'sha256=' + crypto.createHmac('sha256', 'appsecret').update(body).digest('hex')
    expect(verifyWhatsappSignature(body, sig, 'appsecret')).toBe(true)
    expect(verifyWhatsappSignature(body, sig, 'other')).toBe(false)
    expect(verifyWhatsappSignature(body, 'sha256=zz', 'appsecret')).toBe(false)
  })
  it('reads text messages to our number and skips statuses and other numbers', () => {
    const payload = JSON.parse(body.toString())
    expect(readWhatsappMessages(payload, '106540352242922')).toEqual([{ id: 'wamid.1', from: '16505551234', text: 'LOGIN 123456' }])
    expect(readWhatsappMessages(payload, '999')).toEqual([])
  })
})

describe('Telegram', () => {
  it('compares the secret token header', () => {
    expect(verifyTelegramSecret('s3cr3t', 's3cr3t')).toBe(true)
    expect(verifyTelegramSecret('s3cr3', 's3cr3t')).toBe(false)
    expect(verifyTelegramSecret(undefined, 's3cr3t')).toBe(false)
  })
  it('reads /start with the code and only the sender own contact', () => {
    const base = { update_id: 1, message: { message_id: 1, from: { id: 123456789 }, chat: { id: 123456789, type: 'private' } } }
    expect(readTelegramUpdate({ ...base, message: { ...base.message, text: '/start 654321' } })).toEqual({ kind: 'start', chatId: '123456789', code: '654321' })
    expect(readTelegramUpdate({ ...base, message: { ...base.message, contact: { phone_number: '79001234567', user_id: 123456789 } } })).toEqual({ kind: 'contact', chatId: '123456789', phone: '+79001234567' })
    expect(readTelegramUpdate({ ...base, message: { ...base.message, contact: { phone_number: '+79001234567', user_id: 5 } } }).kind).toBe('foreign-contact')
    expect(readTelegramUpdate({ ...base, message: { ...base.message, chat: { id: 1, type: 'group' }, text: '/start 654321' } }).kind).toBe('ignore')
  })
})
