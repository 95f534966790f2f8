import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../../../contract/errors'
import { createTestApp, form, sign, TEST_HOST, type TestApp } from '../../../tests/support/app'
import { codeFlow } from '../../../tests/support/code-flow'
import { backends } from '../../../tests/support/database'
import { startFakeViber, type FakeViber } from '../../../tests/support/fake-viber'
import {
  sendTwilioVoiceWebhook,
  sendViberWebhook,
  twilioSignature,
  twilioVoiceParams,
  viberContact,
  viberConversationStarted,
  viberMessageToken,
  viberSignature,
  viberText,
  viberUserId,
} from '../../../tests/support/sign-in-webhooks'
import { authCodes, webhookEvents } from '../../db/schema'

/** Bot replies leave after the webhook has answered: give them a moment to arrive. */
const settle = () => new Promise((r) => setTimeout(r, 150))

const headers = { host: TEST_HOST }
const formHeaders = { ...headers, 'content-type': 'application/x-www-form-urlencoded' }

const VIBER_TOKEN = '4453b6ac12345678-e02c5f12174805f9-daec9cbb5448c51f'
const VIBER_URI = 'calleridbot'
const TWILIO_TOKEN = 'twilio-auth-token-voice-1'
const VOICE_NUMBER = '+14155550101'
const PUBLIC_URL = 'https://callerid.example'
const WA = { secret: 'wa-personal-app-secret', verify: 'wa-personal-verify', id: '106540352242922', number: '15550783881' }
const WAB = { secret: 'wa-business-app-secret', verify: 'wa-business-verify', id: '207651463353033', number: '15550783882' }

let viber: FakeViber
beforeAll(async () => {
  viber = await startFakeViber({ authToken: VIBER_TOKEN })
})
afterAll(async () => viber?.close())

describe('sign-in webhook helpers', () => {
  it("sign Twilio's documented test vector", () => {
    const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' }
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=')
  })
  it('write message_token as a bare integer beyond 2^53', () => {
    const token = viberMessageToken()
    expect(token).toMatch(/^\d{19}$/)
    expect(BigInt(token) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true)
    expect(viberText('u', 'hi', { token })).toContain(`"message_token":${token},`)
  })
})

describe.each(backends)('Viber, flash call and WhatsApp Business sign-in on %s', (backend) => {
  let t: TestApp
  let serverUrl: string
  beforeAll(async () => {
    t = await createTestApp(backend, {
      VIBER_AUTH_TOKEN: VIBER_TOKEN,
      VIBER_BOT_URI: VIBER_URI,
      VIBER_BOT_NAME: 'Caller ID test',
      VIBER_API_BASE: viber.url,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      TWILIO_VOICE_NUMBER: VOICE_NUMBER,
      PUBLIC_URL,
      WHATSAPP_APP_SECRET: WA.secret,
      WHATSAPP_VERIFY_TOKEN: WA.verify,
      WHATSAPP_PHONE_NUMBER_ID: WA.id,
      WHATSAPP_NUMBER: WA.number,
      WHATSAPP_BUSINESS_APP_SECRET: WAB.secret,
      WHATSAPP_BUSINESS_VERIFY_TOKEN: WAB.verify,
      WHATSAPP_BUSINESS_PHONE_NUMBER_ID: WAB.id,
      WHATSAPP_BUSINESS_NUMBER: WAB.number,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    })
    serverUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => t?.close())

  const { startCode, agreedCode, check, expectUnconfirmed, expectToken, expireCode } = codeFlow(() => t)
  async function codeRow(code: string) {
    const [row] = await t.database.db.select().from(authCodes).where(eq(authCodes.code, code))
    return row
  }

  it('lists the methods in order: whatsapp before whatsappBusiness, Viber with its deep link, flash call with the number to call', async () => {
    const { code, auth } = await startCode()
    expect(auth.map((a) => a.method)).toEqual(['whatsapp', 'whatsappBusiness', 'viber', 'flashcall', 'dev'])
    expect(auth.find((a) => a.method === 'whatsappBusiness')).toEqual({
      method: 'whatsappBusiness',
      link: `https://wa.me/${WAB.number}?text=LOGIN%20${code}`,
      text: `LOGIN ${code}`,
    })
    expect(auth.find((a) => a.method === 'viber')).toEqual({
      method: 'viber',
      link: `viber://pa?chatURI=${VIBER_URI}&context=${code}`,
      text: code,
    })
    expect(auth.find((a) => a.method === 'flashcall')).toEqual({ method: 'flashcall', callNumber: VOICE_NUMBER })
  })

  describe('Viber', () => {
    const url = '/api/v6/auth/webhook/viber'
    /** null sends no signature header at all. */
    const post = (raw: string, signature: string | null = viberSignature(raw, VIBER_TOKEN)) => {
      viber.noteCallback(raw)
      return t.app.inject({
        method: 'POST',
        url,
        headers: {
          ...headers,
          'content-type': 'application/json',
          ...(signature === null ? {} : { 'x-viber-content-signature': signature }),
        },
        payload: raw,
      })
    }
    const shareButton = { ActionType: 'share-phone', ActionBody: 'phone' }

    it('answers conversation_started with the share-phone prompt and confirms the number the button shares', async () => {
      const user = viberUserId()
      const code = await agreedCode()
      const started = await post(viberConversationStarted(user, code))
      expect(started.statusCode).toBe(200)
      // The welcome message: the one message Viber lets a bot send before the user subscribes.
      const welcome = started.json()
      expect(welcome).toMatchObject({
        sender: { name: 'Caller ID test' },
        type: 'text',
        min_api_version: 3,
        keyboard: { Type: 'keyboard' },
      })
      expect(welcome.keyboard.Buttons).toEqual([expect.objectContaining(shareButton)])
      expect(welcome.text).toMatch(/share phone number/i)
      await expectUnconfirmed(code)

      const res = await post(viberContact(user, '380501234567'))
      expect(res.statusCode).toBe(200)
      expect(await codeRow(code)).toMatchObject({ confirmedPhone: '+380501234567', confirmedVia: 'viber' })
      await settle()
      expect(viber.to(user).at(-1)).toMatchObject({
        type: 'text',
        sender: { name: 'Caller ID test' },
        text: expect.stringMatching(/signed in/i),
      })
      await expectToken(code, '+380501234567')
    })

    it('keeps every digit of message_token: two tokens JSON.parse would round alike are two deliveries', async () => {
      const user = viberUserId()
      const code = await agreedCode()
      await post(viberConversationStarted(user, code))
      const first = '5107000000000000001'
      const second = '5107000000000000002'
      expect(Number(first)).toBe(Number(second))
      // A text first: the bot asks again for the number, under the first token.
      expect((await post(viberText(user, 'hello', { token: first }))).statusCode).toBe(200)
      await settle()
      expect(viber.to(user).at(-1)?.keyboard?.Buttons).toEqual([expect.objectContaining(shareButton)])
      expect((await post(viberContact(user, '+380 (67) 123-45-67', { token: second }))).statusCode).toBe(200)
      expect(await codeRow(code)).toMatchObject({ confirmedPhone: '+380671234567', confirmedVia: 'viber' })
      const events = await t.database.db
        .select({ id: webhookEvents.eventId })
        .from(webhookEvents)
        .where(eq(webhookEvents.provider, 'viber'))
      expect(events.map((e) => e.id)).toEqual(expect.arrayContaining([first, second]))
    })

    it('ignores a replayed delivery (same message_token)', async () => {
      const user = viberUserId()
      const code = await agreedCode()
      const start = viberConversationStarted(user, code)
      expect((await post(start)).json()).toMatchObject({ min_api_version: 3 })
      // Replayed, the welcome is not sent again.
      const again = await post(start)
      expect(again.statusCode).toBe(200)
      expect(again.json()).toEqual({})
      const token = viberMessageToken()
      await post(viberText(user, 'hi', { token }))
      await settle()
      const before = viber.to(user).length
      // A contact replayed under a token already handled confirms nothing and sends nothing.
      expect((await post(viberContact(user, '380501234568', { token }))).statusCode).toBe(200)
      await settle()
      expect(viber.to(user)).toHaveLength(before)
      expect((await codeRow(code)).confirmedAt).toBeNull()
      await expectUnconfirmed(code)
    })

    it('accepts the contact only from the sender of the prompt and only from its button', async () => {
      const ann = viberUserId()
      const bob = viberUserId()
      const carol = viberUserId()
      const code = await agreedCode()
      await post(viberConversationStarted(ann, code))

      // Bob never opened the link: his contact (even his own, via a button) proves nothing for Ann's code.
      expect((await post(viberContact(bob, '380501112233'))).statusCode).toBe(200)
      // Carol, with no prompt at all, neither.
      expect((await post(viberContact(carol, '380504445566'))).statusCode).toBe(200)
      // Ann shares a card from her address book rather than the button: someone else's number, maybe.
      expect((await post(viberContact(ann, '380507778899', { viaButton: false }))).statusCode).toBe(200)
      await expectUnconfirmed(code)
      expect((await codeRow(code)).confirmedAt).toBeNull()
      await settle()
      expect(viber.to(bob).at(-1)?.text).toMatch(/website/i)
      expect(viber.to(bob).at(-1)?.keyboard).toBeUndefined()
      expect(viber.to(ann).at(-1)?.keyboard?.Buttons).toEqual([expect.objectContaining(shareButton)])

      // The phone format is undocumented: with the 00 international prefix it is still read.
      expect((await post(viberContact(ann, '00380671234568'))).statusCode).toBe(200)
      await expectToken(code, '+380671234568')
    })

    it('refuses a wrong or missing signature with 401 and changes nothing', async () => {
      const user = viberUserId()
      const { code } = await startCode()
      const raw = viberConversationStarted(user, code)
      const reserialized = JSON.stringify(JSON.parse(raw))
      for (const signature of [
        null,
        '',
        'zz',
        viberSignature(raw, 'not-the-bot-token'),
        viberSignature(reserialized, VIBER_TOKEN),
        `${viberSignature(raw, VIBER_TOKEN)}00`,
        `sha256=${viberSignature(raw, VIBER_TOKEN)}`,
      ]) {
        const res = await post(raw, signature)
        expect(res.statusCode, String(signature)).toBe(401)
        expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.WEBHOOK_SIGNATURE_INVALID })
      }
      expect((await codeRow(code)).providerChat).toBeNull()
      // The refused deliveries were not recorded: the signed one still counts.
      expect((await post(raw)).json()).toMatchObject({ min_api_version: 3 })
      expect((await codeRow(code)).providerChat).toBe(`viber:${user}`)
    })

    it('does not confirm an expired code', async () => {
      const user = viberUserId()
      const code = await agreedCode()
      await post(viberConversationStarted(user, code))
      await expireCode(code)
      expect((await post(viberContact(user, '380501234569'))).statusCode).toBe(200)
      expect((await codeRow(code)).confirmedAt).toBeNull()
      expect((await check(code)).json().status_code).toBe(ERROR_CODES.CODE_EXPIRED)

      // Opening the link of an expired code: the bot says what to do and asks for nothing.
      const other = await startCode()
      await expireCode(other.code)
      const late = await post(viberConversationStarted(viberUserId(), other.code))
      expect(late.statusCode).toBe(200)
      expect(late.json().keyboard).toBeUndefined()
      expect(late.json().text).toMatch(/sign-in page/i)
      expect((await codeRow(other.code)).providerChat).toBeNull()
    })

    it("answers Viber's webhook check and malformed but signed bodies without a 5xx", async () => {
      const check = await post(
        '{"event":"webhook","timestamp":1457764197627,"chat_hostname":"SN-CHAT-11_","message_token":5107000000000000003}',
      )
      expect(check.statusCode).toBe(200)
      for (const raw of [
        'null',
        '[]',
        '"x"',
        '{"event":"message"}',
        '{"event":"message","message_token":"x","sender":{"id":"a"},"message":{"type":"text","text":"hi"}}',
        '{"event":"conversation_started","message_token":1,"user":5,"context":"123456"}',
        '{"event":"message","message_token":2,"sender":{"id":"a"},"message":{"type":"contact","text":"phone","contact":{"phone_number":5}}}',
        '{"event":"message","message_token":3e400,"sender":{"id":"a"},"message":null}',
        '{"event":"message","message_token":-4,"sender":{"id":"a"},"message":{"type":"contact","text":"phone","contact":{"phone_number":"x"}}}',
      ]) {
        const res = await post(raw)
        expect(res.statusCode, raw).toBeLessThan(500)
      }
      expect((await post('{"event":')).statusCode).toBe(400)
    })

    it('works over HTTP with the helpers the browser tests use', async () => {
      viber.serverUrl = serverUrl
      const user = viberUserId()
      const code = await agreedCode()
      const started = await viber.deliver(viberConversationStarted(user, code))
      expect(started).toMatchObject({ status: 200, body: { min_api_version: 3 } })
      expect(await viber.deliver(viberContact(user, '380501230001'))).toMatchObject({ status: 200 })
      await expectToken(code, '+380501230001')
      expect((await sendViberWebhook(serverUrl, 'wrong-token', viberText(user, 'hi'))).status).toBe(401)
    })
  })

  describe('flash call', () => {
    const path = '/api/v6/auth/webhook/voice'
    const requestCall = (code: string, phone: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v6/auth/flashcall',
        headers: formHeaders,
        payload: form(sign('POST', '/api/v6/auth/flashcall', { code, phone })),
      })
    /** null sends no signature header at all. */
    const call = (params: Record<string, string>, signature: string | null = twilioSignature(TWILIO_TOKEN, PUBLIC_URL + path, params)) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { ...formHeaders, ...(signature === null ? {} : { 'x-twilio-signature': signature }) },
        payload: form(params),
      })
    const rejectTwiml = '<?xml version="1.0" encoding="UTF-8"?><Response><Reject/></Response>'
    const expectRejected = (res: Awaited<ReturnType<typeof call>>) => {
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/xml/)
      expect(res.body).toBe(rejectTwiml)
    }

    it('answers the number to call, rejects the call and confirms the code for the typed number', async () => {
      const code = await agreedCode()
      const res = await requestCall(code, ' +1 (415) 555-0123 ')
      expect(res.statusCode).toBe(200)
      const data = res.json().data
      expect(data).toMatchObject({ callNumber: VOICE_NUMBER, phoneNumber: '+14155550123' })
      expect(data.expiresIn).toBeGreaterThan(100)
      expect(data.expiresIn).toBeLessThanOrEqual(120)
      await expectUnconfirmed(code)
      expectRejected(await call(twilioVoiceParams('+14155550123', VOICE_NUMBER, { stirVerstat: 'TN-Validation-Passed-A' })))
      expect(await codeRow(code)).toMatchObject({ confirmedPhone: '+14155550123', confirmedVia: 'flashcall' })
      await expectToken(code, '+14155550123')
    })

    it('confirms calls without StirVerstat and with B or C attestation', async () => {
      for (const [i, stirVerstat] of [undefined, 'TN-Validation-Passed-B', 'TN-Validation-Passed-C'].entries()) {
        const phone = `+1415555013${i}`
        const code = await agreedCode()
        expect((await requestCall(code, phone)).statusCode).toBe(200)
        expectRejected(await call(twilioVoiceParams(phone, VOICE_NUMBER, { stirVerstat })))
        await expectToken(code, phone)
      }
    })

    it('ignores calls from another number, to another number, and replayed CallSids', async () => {
      const code = await agreedCode()
      await requestCall(code, '+14155550140')
      const sid = `CA${crypto.randomBytes(16).toString('hex')}`
      expectRejected(await call(twilioVoiceParams('+14155550141', VOICE_NUMBER, { callSid: sid })))
      expectRejected(await call(twilioVoiceParams('+14155550140', '+14155550199')))
      // The same CallSid again, now claiming the typed number: a replay changes nothing.
      expectRejected(await call(twilioVoiceParams('+14155550140', VOICE_NUMBER, { callSid: sid })))
      await expectUnconfirmed(code)
      expect((await codeRow(code)).confirmedAt).toBeNull()
      expectRejected(await call(twilioVoiceParams('+14155550140', VOICE_NUMBER)))
      await expectToken(code, '+14155550140')
    })

    it('refuses a call whose STIR/SHAKEN check failed: the poll reports it and the code stays refused', async () => {
      for (const stirVerstat of ['TN-Validation-Failed-A', 'TN-Validation-Failed', 'No-TN-Validation']) {
        const code = await agreedCode()
        await requestCall(code, '+14155550150')
        expectRejected(await call(twilioVoiceParams('+14155550150', VOICE_NUMBER, { stirVerstat })))
        expect((await codeRow(code)).confirmedAt).toBeNull()
        const polled = await check(code)
        // A 400, as every sign-in refusal the web app shows by its code (SPEC.md section 8).
        expect(polled.statusCode, stirVerstat).toBe(400)
        expect(polled.json()).toMatchObject({
          status: false,
          status_code: ERROR_CODES.CALL_NOT_ATTESTED,
          message: expect.stringMatching(/could not confirm/),
        })
        // A second, attested call does not revive it, nor does asking for the call again.
        expectRejected(await call(twilioVoiceParams('+14155550150', VOICE_NUMBER, { stirVerstat: 'TN-Validation-Passed-A' })))
        expect((await codeRow(code)).confirmedAt).toBeNull()
        const again = await requestCall(code, '+14155550150')
        expect(again.statusCode).toBe(400)
        expect(again.json().status_code).toBe(ERROR_CODES.CALL_NOT_ATTESTED)
      }
    })

    it('refuses a wrong or missing signature with 401 and confirms nothing', async () => {
      const code = await agreedCode()
      await requestCall(code, '+14155550160')
      const params = twilioVoiceParams('+14155550160', VOICE_NUMBER)
      const signedElsewhere = twilioSignature(TWILIO_TOKEN, `https://other.example${path}`, params)
      const tampered = twilioSignature(TWILIO_TOKEN, PUBLIC_URL + path, { ...params, From: '+14155550161' })
      const withoutVerstat = twilioSignature(TWILIO_TOKEN, PUBLIC_URL + path, params)
      for (const [signature, body] of [
        [null, params],
        ['', params],
        [twilioSignature('wrong-token', PUBLIC_URL + path, params), params],
        [signedElsewhere, params],
        [tampered, params],
        // A StirVerstat slipped into a delivery signed without it.
        [withoutVerstat, { ...params, StirVerstat: 'TN-Validation-Passed-A' }],
      ] as const) {
        const res = await call(body, signature)
        expect(res.statusCode, String(signature)).toBe(401)
        expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.WEBHOOK_SIGNATURE_INVALID })
      }
      await expectUnconfirmed(code)
      expectRejected(await call(params))
      await expectToken(code, '+14155550160')
    })

    it('does not confirm an expired code', async () => {
      const code = await agreedCode()
      await requestCall(code, '+14155550170')
      await expireCode(code)
      expectRejected(await call(twilioVoiceParams('+14155550170', VOICE_NUMBER)))
      expect((await codeRow(code)).confirmedAt).toBeNull()
      expect((await check(code)).json().status_code).toBe(ERROR_CODES.CODE_EXPIRED)
      const late = await requestCall(code, '+14155550170')
      expect(late.statusCode).toBe(400)
      expect(late.json().status_code).toBe(ERROR_CODES.CODE_EXPIRED)
    })

    it('answers bad requests for a call with a clear 4xx', async () => {
      const code = await agreedCode()
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/api/v6/auth/flashcall',
        headers: formHeaders,
        payload: form({ code, phone: '+14155550180' }),
      })
      expect(unsigned.statusCode).toBe(400)
      expect(unsigned.json().status_code).toBe(ERROR_CODES.VALIDATION)
      const invalid = await requestCall(code, '12345')
      expect(invalid.statusCode).toBe(400)
      expect(invalid.json().status_code).toBe(ERROR_CODES.NUMBER_INVALID)
      const unknown = await requestCall(code === '000000' ? '000001' : '000000', '+14155550180')
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json().status_code).toBe(ERROR_CODES.CODE_UNKNOWN)
      const malformed = await requestCall('12ab', '+14155550180')
      expect(malformed.statusCode).toBe(400)
      // A code confirmed already cannot be pointed at another number.
      await requestCall(code, '+14155550180')
      expectRejected(await call(twilioVoiceParams('+14155550180', VOICE_NUMBER)))
      const used = await requestCall(code, '+14155550181')
      expect(used.statusCode).toBe(400)
      expect(used.json().status_code).toBe(ERROR_CODES.CODE_USED)
      expect(await codeRow(code)).toMatchObject({ confirmedPhone: '+14155550180' })
      for (const payload of ['', 'From=%2B1&From=%2B2&CallSid=CA1', 'CallSid=CA1&From=x&To=y']) {
        const res = await t.app.inject({ method: 'POST', url: path, headers: { ...formHeaders, 'x-twilio-signature': 'abc' }, payload })
        expect(res.statusCode, payload).toBeLessThan(500)
      }
    })

    it('works over HTTP with the helper the browser tests use', async () => {
      const code = await agreedCode()
      await requestCall(code, '+14155550190')
      const res = await sendTwilioVoiceWebhook(
        serverUrl,
        TWILIO_TOKEN,
        twilioVoiceParams('+14155550190', VOICE_NUMBER, { stirVerstat: 'TN-Validation-Passed-A' }),
        { publicUrl: PUBLIC_URL },
      )
      expect(res).toEqual({ status: 200, contentType: expect.stringMatching(/^text\/xml/), body: rejectTwiml })
      await expectToken(code, '+14155550190')
    })
  })

  describe('WhatsApp Business', () => {
    const url = '/api/v6/auth/webhook/whatsapp'
    const messageBody = (from: string, text: string, id: string, phoneNumberId: string) =>
      `{"object":"whatsapp_business_account","entry":[{"id":"1022902","changes":[{"value":{"messaging_product":"whatsapp",` +
      `"metadata":{"display_phone_number":"${WAB.number}","phone_number_id":"${phoneNumberId}"},` +
      `"contacts":[{"profile":{"name":"Ann"},"wa_id":"${from}"}],` +
      `"messages":[{"from":"${from}","id":"${id}","timestamp":"${Math.floor(Date.now() / 1000)}","type":"text","text":{"body":"${text}"}}]},"field":"messages"}]}]}`
    const waSign = (raw: string, secret: string) => 'sha256=' + crypto.createHmac('sha256', secret).update(raw).digest('hex')
    const post = (raw: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json', 'x-hub-signature-256': signature },
        payload: raw,
      })
    const wamid = () => `wamid.HBgL${crypto.randomBytes(12).toString('hex').toUpperCase()}`

    it('confirms a message to the business number signed with its own app secret, as its own method', async () => {
      const code = await agreedCode()
      const raw = messageBody('16505551240', `LOGIN ${code}`, wamid(), WAB.id)
      // Signed by the personal number's app, a message to the business number is not read.
      expect((await post(raw, waSign(raw, WA.secret))).json()).toEqual({ status: true, data: { confirmed: 0 } })
      await expectUnconfirmed(code)
      const res = await post(raw, waSign(raw, WAB.secret))
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ status: true, data: { confirmed: 1 } })
      expect(await codeRow(code)).toMatchObject({ confirmedPhone: '+16505551240', confirmedVia: 'whatsappBusiness' })
      // Replayed, the same message id does nothing.
      expect((await post(raw, waSign(raw, WAB.secret))).json().data.confirmed).toBe(0)
      await expectToken(code, '+16505551240')
    })

    it('keeps the personal number working beside it', async () => {
      const code = await agreedCode()
      const raw = messageBody('16505551241', `LOGIN ${code}`, wamid(), WA.id)
      expect((await post(raw, waSign(raw, WAB.secret))).json().data.confirmed).toBe(0)
      expect((await post(raw, waSign(raw, WA.secret))).json().data.confirmed).toBe(1)
      expect(await codeRow(code)).toMatchObject({ confirmedVia: 'whatsapp' })
    })

    it('refuses a wrong signature and answers the verification GET with either verify token', async () => {
      const code = await agreedCode()
      const raw = messageBody('16505551242', `LOGIN ${code}`, wamid(), WAB.id)
      for (const signature of ['', waSign(raw, 'other-secret'), `${waSign(raw, WAB.secret)}00`]) {
        const res = await post(raw, signature)
        expect(res.statusCode).toBe(401)
        expect(res.json().status_code).toBe(ERROR_CODES.WEBHOOK_SIGNATURE_INVALID)
      }
      await expectUnconfirmed(code)
      for (const token of [WA.verify, WAB.verify]) {
        const ok = await t.app.inject({
          method: 'GET',
          url,
          query: { 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '42' },
        })
        expect(ok.statusCode).toBe(200)
        expect(ok.body).toBe('42')
      }
      const refused = await t.app.inject({
        method: 'GET',
        url,
        query: { 'hub.mode': 'subscribe', 'hub.verify_token': WAB.secret, 'hub.challenge': '42' },
      })
      expect(refused.statusCode).toBe(403)
    })

    it('does not confirm an expired code', async () => {
      const code = await agreedCode()
      await expireCode(code)
      const raw = messageBody('16505551243', `LOGIN ${code}`, wamid(), WAB.id)
      expect((await post(raw, waSign(raw, WAB.secret))).json().data.confirmed).toBe(0)
      const [row] = await t.database.db
        .select()
        .from(authCodes)
        .where(and(eq(authCodes.code, code)))
      expect(row.confirmedAt).toBeNull()
    })
  })
})

describe('Viber, flash call and WhatsApp Business when not configured', () => {
  let t: TestApp
  beforeAll(async () => {
    // The personal WhatsApp number alone: the business one is not offered, Viber and calls answer 404.
    t = await createTestApp('pglite', {
      WHATSAPP_APP_SECRET: WA.secret,
      WHATSAPP_PHONE_NUMBER_ID: WA.id,
      WHATSAPP_NUMBER: WA.number,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      TWILIO_NUMBER: '+14155550100',
    })
  })
  afterAll(async () => t?.close())

  it('are not offered and their calls answer 404', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/v202111/auth/get',
      headers,
      query: sign('GET', '/api/v202111/auth/get', {}),
    })
    const code = start.json().data.code as string
    expect(start.json().data.auth.map((a: { method: string }) => a.method)).toEqual(['whatsapp', 'sms', 'dev'])
    const raw = viberConversationStarted(viberUserId(), code)
    const calls = [
      {
        method: 'POST' as const,
        url: '/api/v6/auth/webhook/viber',
        headers: { 'content-type': 'application/json', 'x-viber-content-signature': viberSignature(raw, VIBER_TOKEN) },
        payload: raw,
      },
      {
        method: 'POST' as const,
        url: '/api/v6/auth/webhook/voice',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' },
        payload: form(twilioVoiceParams('+14155550123', VOICE_NUMBER)),
      },
      {
        method: 'POST' as const,
        url: '/api/v6/auth/flashcall',
        headers: formHeaders,
        payload: form(sign('POST', '/api/v6/auth/flashcall', { code, phone: '+14155550123' })),
      },
    ]
    for (const call of calls) {
      const res = await t.app.inject(call)
      expect(res.statusCode, call.url).toBe(404)
      expect(res.json()).toMatchObject({
        status: false,
        status_code: ERROR_CODES.NOT_FOUND,
        message: expect.stringMatching(/not configured/),
      })
    }
  })
})
