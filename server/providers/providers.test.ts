import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { readTelegramUpdate, verifyTelegramSecret } from './telegram'
import { readWhatsappMessages, verifyWhatsappSignature } from './whatsapp'
import { failedAttestation, twilioSignature, verifyTwilioSignature, twiml } from './twilio'
import { parseJsonKeepingBigInts, readViberCallback, verifyViberSignature, viberPhoneToE164 } from './viber'

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
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
                contacts: [{ profile: { name: 'Ann' }, wa_id: '16505551234' }],
                messages: [{ from: '16505551234', id: 'wamid.1', type: 'text', text: { body: 'LOGIN 123456' } }],
              },
            },
            { field: 'messages', value: { metadata: { phone_number_id: '106540352242922' }, statuses: [{ id: 'x' }] } },
          ],
        },
      ],
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
    expect(readTelegramUpdate({ ...base, message: { ...base.message, text: '/start 654321' } })).toEqual({
      kind: 'start',
      chatId: '123456789',
      code: '654321',
    })
    expect(
      readTelegramUpdate({ ...base, message: { ...base.message, contact: { phone_number: '79001234567', user_id: 123456789 } } }),
    ).toEqual({ kind: 'contact', chatId: '123456789', phone: '+79001234567' })
    expect(readTelegramUpdate({ ...base, message: { ...base.message, contact: { phone_number: '+79001234567', user_id: 5 } } }).kind).toBe(
      'foreign-contact',
    )
    expect(readTelegramUpdate({ ...base, message: { ...base.message, chat: { id: 1, type: 'group' }, text: '/start 654321' } }).kind).toBe(
      'ignore',
    )
  })
})

describe('Viber', () => {
  it('verifies X-Viber-Content-Signature (hex HMAC-SHA256, no prefix) over the raw bytes', () => {
    const raw = Buffer.from('{"event":"webhook","message_token":5107000000000000001}')
    const sig = crypto.createHmac('sha256', 'bot-token').update(raw).digest('hex')
    expect(verifyViberSignature(raw, sig, 'bot-token')).toBe(true)
    expect(verifyViberSignature(raw, sig, 'other')).toBe(false)
    expect(verifyViberSignature(raw, `sha256=${sig}`, 'bot-token')).toBe(false)
    expect(verifyViberSignature(raw, sig.slice(0, 62), 'bot-token')).toBe(false)
    expect(verifyViberSignature(raw, undefined, 'bot-token')).toBe(false)
  })
  it('parses JSON keeping integers beyond 2^53 exact, and leaves strings and other numbers alone', () => {
    const text =
      '{"message_token":5107000000000000001,"a":"x\\"5107000000000000001","b":[-9007199254740993,12,1.5,2e3,9007199254740991],"c":{"n":18446744073709551615}}'
    expect(parseJsonKeepingBigInts(text)).toEqual({
      message_token: '5107000000000000001',
      a: 'x"5107000000000000001',
      b: ['-9007199254740993', 12, 1.5, 2000, 9007199254740991],
      c: { n: '18446744073709551615' },
    })
    expect(() => parseJsonKeepingBigInts('{"a":')).toThrow()
  })
  it('reads the two callbacks of sign-in and tells the button from an address-book card', () => {
    const contact = (text?: string) => ({
      event: 'message',
      message_token: '5107000000000000001',
      sender: { id: '01234567890A=' },
      message: { type: 'contact', text, contact: { phone_number: '380501234567' } },
    })
    expect(
      readViberCallback({ event: 'conversation_started', message_token: 42, context: '123456', user: { id: '01234567890A=' } }),
    ).toEqual({ kind: 'start', token: '42', userId: '01234567890A=', code: '123456' })
    expect(readViberCallback({ event: 'conversation_started', message_token: 42, context: 'promo', user: { id: 'u' } })).toMatchObject({
      kind: 'start',
      code: null,
    })
    expect(readViberCallback(contact('phone'))).toEqual({
      kind: 'contact',
      token: '5107000000000000001',
      userId: '01234567890A=',
      phone: '380501234567',
      fromButton: true,
    })
    expect(readViberCallback(contact())).toMatchObject({ kind: 'contact', fromButton: false })
    expect(readViberCallback({ event: 'delivered', message_token: 1, user_id: 'u' }).kind).toBe('ignore')
    expect(readViberCallback({ event: 'message', sender: { id: 'u' }, message: { type: 'text' } }).kind).toBe('ignore')
  })
  it('normalises the undocumented phone format', () => {
    expect(viberPhoneToE164('380501234567')).toBe('+380501234567')
    expect(viberPhoneToE164('+380 (50) 123-45-67')).toBe('+380501234567')
    expect(viberPhoneToE164('00380501234567')).toBe('+380501234567')
    expect(viberPhoneToE164('123')).toBeNull()
  })
})

describe('Twilio voice', () => {
  it('refuses every StirVerstat but a passed one, and accepts a call that carries none', () => {
    for (const passed of [undefined, '', 'TN-Validation-Passed-A', 'TN-Validation-Passed-B', 'TN-Validation-Passed-C'])
      expect(failedAttestation(passed), passed).toBe(false)
    for (const failed of [
      'TN-Validation-Failed-A',
      'TN-Validation-Failed-B',
      'TN-Validation-Failed-C',
      'TN-Validation-Failed',
      'No-TN-Validation',
      'TN-Validation-Passed-D',
      'passed',
    ])
      expect(failedAttestation(failed), failed).toBe(true)
  })
})
