import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { codeFlow } from '../../../tests/support/code-flow'
import { backends } from '../../../tests/support/database'
import { createTestApp, form, sign, TEST_HOST, type TestApp } from '../../../tests/support/app'
import { ERROR_CODES } from '../../../contract/errors'
import { authCodes } from '../../db/schema'

/** Bot replies leave after the webhook has answered: give them a moment to arrive. */
/** Time for a message the server would send after answering a webhook, before checking that none was sent. */
const settle = () => new Promise((r) => setTimeout(r, 150))

const headers = { host: TEST_HOST }
const formHeaders = { ...headers, 'content-type': 'application/x-www-form-urlencoded' }

const BOT_TOKEN = '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11'
const BOT_USERNAME = 'CallerIdTestBot'
const TELEGRAM_SECRET = 'tg_webhook-Secret_42'
const WA_APP_SECRET = 'wa-app-secret-0123456789abcdef'
const WA_VERIFY_TOKEN = 'wa-verify-token'
const WA_PHONE_NUMBER_ID = '106540352242922'
const WA_NUMBER = '15550783881'
const TWILIO_TOKEN = 'twilio-auth-token-12345'
const TWILIO_NUMBER = '+14155550100'
const PUBLIC_URL = 'https://callerid.example'

interface SentMessage {
  path: string
  body: {
    chat_id: number
    text: string
    reply_markup?: { keyboard?: Array<Array<{ text: string; request_contact?: boolean }>>; remove_keyboard?: boolean }
  }
}

/** A stand-in for api.telegram.org that records every sendMessage. */
async function startFakeTelegram() {
  const sent: SentMessage[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      sent.push({ path: req.url ?? '', body: text ? JSON.parse(text) : {} })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ ok: true, result: { message_id: sent.length } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    to: (chatId: number) => sent.filter((m) => m.body.chat_id === chatId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** X-Twilio-Signature as PROVIDERS.md describes it, written independently of the server's code. */
function twilioSign(token: string, url: string, params: Record<string, string>): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((k) => k + params[k])
      .join('')
  return crypto.createHmac('sha1', token).update(data, 'utf8').digest('base64')
}

const waSign = (raw: Buffer | string, secret = WA_APP_SECRET) => 'sha256=' + crypto.createHmac('sha256', secret).update(raw).digest('hex')

let fake: Awaited<ReturnType<typeof startFakeTelegram>>
beforeAll(async () => {
  fake = await startFakeTelegram()
})
afterAll(async () => fake?.close())

describe('webhook test helpers', () => {
  it("compute Twilio's documented test vector", () => {
    const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' }
    expect(twilioSign('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=')
  })
})

describe.each(backends)('messenger webhooks on %s', (backend) => {
  let t: TestApp
  let nextUpdateId = 900000000
  /** The fake Telegram is shared by every backend: each backend's chats get their own ids. */
  const tgUser = (n: number) => n * 10 + backends.indexOf(backend)
  beforeAll(async () => {
    t = await createTestApp(backend, {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: BOT_USERNAME,
      TELEGRAM_WEBHOOK_SECRET: TELEGRAM_SECRET,
      TELEGRAM_API_BASE: fake.url,
      WHATSAPP_APP_SECRET: WA_APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: WA_VERIFY_TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: WA_PHONE_NUMBER_ID,
      WHATSAPP_NUMBER: WA_NUMBER,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      TWILIO_NUMBER,
      PUBLIC_URL,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    })
  })
  afterAll(async () => t?.close())

  const { startCode, agree, check, expectUnconfirmed, expectToken, expireCode } = codeFlow(() => t)
  async function codeRow(code: string) {
    const [row] = await t.database.db.select().from(authCodes).where(eq(authCodes.code, code))
    return row
  }

  describe('Telegram', () => {
    const url = '/api/v6/auth/webhook/telegram'
    const tgHeaders = { ...headers, 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': TELEGRAM_SECRET }
    const chat = (userId: number) => ({
      from: { id: userId, is_bot: false, first_name: 'Ann', language_code: 'en' },
      chat: { id: userId, first_name: 'Ann', type: 'private' },
    })
    const startUpdate = (userId: number, code: string, updateId = nextUpdateId++) => ({
      update_id: updateId,
      message: {
        message_id: 7,
        ...chat(userId),
        date: Math.floor(Date.now() / 1000),
        text: `/start ${code}`,
        entities: [{ offset: 0, length: 6, type: 'bot_command' }],
      },
    })
    const contactUpdate = (userId: number, phone: string, contactUserId: number | undefined, updateId = nextUpdateId++) => ({
      update_id: updateId,
      message: {
        message_id: 8,
        ...chat(userId),
        date: Math.floor(Date.now() / 1000),
        contact: { phone_number: phone, first_name: 'Ann', ...(contactUserId === undefined ? {} : { user_id: contactUserId }) },
      },
    })
    const post = (update: unknown, h: Record<string, string> = tgHeaders) =>
      t.app.inject({ method: 'POST', url, headers: h, payload: JSON.stringify(update) })
    /** The bot's latest message to a chat once it has sent `count` there: it answers the webhook first and sends after. */
    const latestTo = (chatId: number, count: number) =>
      vi.waitFor(
        () => {
          const sent = fake.to(chatId)
          if (sent.length < count) throw new Error(`${sent.length} of ${count} messages to ${chatId} so far`)
          return sent.at(-1)!
        },
        { timeout: 10_000, interval: 25 },
      )

    it('lists the bot deep link, asks for the contact and confirms the sender own number', async () => {
      const userId = tgUser(123456789)
      const { code, auth } = await startCode()
      expect(auth.find((a) => a.method === 'telegram')?.link).toBe(`https://t.me/${BOT_USERNAME}?start=${code}`)
      await agree(code)

      const started = await post(startUpdate(userId, code))
      expect(started.statusCode).toBe(200)
      const asked = await latestTo(userId, 1)
      expect(asked.path).toBe(`/bot${BOT_TOKEN}/sendMessage`)
      expect(asked.body.reply_markup?.keyboard?.[0]?.[0]).toMatchObject({ request_contact: true })
      expect((await codeRow(code)).providerChat).toBe(String(userId))
      await expectUnconfirmed(code)

      // Someone else's contact card (another user_id, or none) proves nothing.
      expect((await post(contactUpdate(userId, '+4915123456789', 987654321))).statusCode).toBe(200)
      expect((await post(contactUpdate(userId, '+4915123456789', undefined))).statusCode).toBe(200)
      await expectUnconfirmed(code)
      // The bot asks again for each of them.
      expect((await latestTo(userId, 3)).body.reply_markup?.keyboard?.[0]?.[0]).toMatchObject({ request_contact: true })

      // Own contact, phone_number without '+', as some clients send it.
      const before = fake.to(userId).length
      expect((await post(contactUpdate(userId, '79001234567', userId))).statusCode).toBe(200)
      expect((await latestTo(userId, before + 1)).body.reply_markup).toEqual({ remove_keyboard: true })
      const row = await codeRow(code)
      expect(row).toMatchObject({ confirmedPhone: '+79001234567', confirmedVia: 'telegram' })
      await expectToken(code, '+79001234567')
    })

    it('ignores a redelivered update_id', async () => {
      const userId = tgUser(223456789)
      const { code } = await startCode()
      const update = startUpdate(userId, code)
      expect((await post(update)).statusCode).toBe(200)
      await latestTo(userId, 1)
      expect((await post(update)).statusCode).toBe(200)
      await settle()
      expect(fake.to(userId)).toHaveLength(1)
      // A contact redelivered under an update_id already seen does not confirm either.
      const seen = nextUpdateId++
      expect((await post({ update_id: seen, message: { message_id: 9, ...chat(userId), date: 1, text: 'hello' } })).statusCode).toBe(200)
      await post(contactUpdate(userId, '+79001234568', userId, seen))
      expect((await codeRow(code)).confirmedAt).toBeNull()
    })

    it('refuses a missing or wrong secret token with 401 and changes nothing', async () => {
      const userId = tgUser(323456789)
      const { code } = await startCode()
      for (const h of [
        { ...headers, 'content-type': 'application/json' },
        { ...tgHeaders, 'x-telegram-bot-api-secret-token': 'wrong' },
        { ...tgHeaders, 'x-telegram-bot-api-secret-token': `${TELEGRAM_SECRET}x` },
      ]) {
        const res = await post(startUpdate(userId, code), h)
        expect(res.statusCode).toBe(401)
        expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.WEBHOOK_SIGNATURE_INVALID })
      }
      await settle()
      expect(fake.to(userId)).toHaveLength(0)
      expect((await codeRow(code)).providerChat).toBeNull()
    })

    it('does not confirm an expired code', async () => {
      const userId = tgUser(423456789)
      const { code } = await startCode()
      await agree(code)
      expect((await post(startUpdate(userId, code))).statusCode).toBe(200)
      await expireCode(code)
      expect((await post(contactUpdate(userId, '+79001234569', userId))).statusCode).toBe(200)
      expect((await codeRow(code)).confirmedAt).toBeNull()
      const res = await check(code)
      expect(res.statusCode).toBe(400)
      expect(res.json().status_code).toBe(ERROR_CODES.CODE_EXPIRED)

      // /start with a code that has already expired: the bot says so and asks for nothing.
      const other = await startCode()
      await expireCode(other.code)
      await post(startUpdate(tgUser(523456789), other.code))
      const reply = await latestTo(tgUser(523456789), 1)
      expect(reply.body.text).toMatch(/expired/i)
      expect(reply.body.reply_markup).toBeUndefined()
      expect((await codeRow(other.code)).providerChat).toBeNull()
    })

    it('answers malformed updates without a 5xx', async () => {
      for (const payload of [
        'null',
        '[]',
        '{"update_id":"x"}',
        '{"update_id":1e400}',
        '{',
        '{"update_id":5,"message":{"chat":{"type":"private","id":1},"text":5}}',
        '{"update_id":6,"message":{"from":{"id":1},"chat":{"type":"private","id":1},"contact":{"phone_number":5,"user_id":1}}}',
      ]) {
        const res = await t.app.inject({ method: 'POST', url, headers: tgHeaders, payload })
        expect(res.statusCode, payload).toBeLessThan(500)
      }
    })
  })

  describe('WhatsApp', () => {
    const url = '/api/v6/auth/webhook/whatsapp'
    /** The body exactly as Meta sends it: its own bytes, non-ASCII escaped as \uXXXX. */
    const messageBody = (from: string, text: string, id: string, phoneNumberId = WA_PHONE_NUMBER_ID) =>
      `{"object":"whatsapp_business_account","entry":[{"id":"1022901","changes":[{"value":{"messaging_product":"whatsapp",` +
      `"metadata":{"display_phone_number":"${WA_NUMBER}","phone_number_id":"${phoneNumberId}"},` +
      `"contacts":[{"profile":{"name":"Ren\\u00e9e Caf\\u00e9"},"wa_id":"${from}"}],` +
      `"messages":[{"from":"${from}","id":"${id}","timestamp":"${Math.floor(Date.now() / 1000)}","type":"text","text":{"body":"${text}"}}]},"field":"messages"}]}]}`
    /** null sends no signature header at all. */
    const post = (raw: string, signature: string | null = waSign(raw)) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json', ...(signature === null ? {} : { 'x-hub-signature-256': signature }) },
        payload: raw,
      })
    const wamid = () => `wamid.HBgL${crypto.randomBytes(12).toString('hex').toUpperCase()}`

    it('answers the verification GET with the challenge for the right token only', async () => {
      const ok = await t.app.inject({
        method: 'GET',
        url,
        query: { 'hub.mode': 'subscribe', 'hub.verify_token': WA_VERIFY_TOKEN, 'hub.challenge': '1158201444' },
      })
      expect(ok.statusCode).toBe(200)
      expect(ok.body).toBe('1158201444')
      const refused: Array<Record<string, string>> = [
        { 'hub.mode': 'subscribe', 'hub.verify_token': 'nope', 'hub.challenge': '1' },
        { 'hub.mode': 'unsubscribe', 'hub.verify_token': WA_VERIFY_TOKEN, 'hub.challenge': '1' },
        { 'hub.challenge': '1' },
        {},
      ]
      for (const query of refused) {
        const res = await t.app.inject({ method: 'GET', url, query })
        expect(res.statusCode).toBe(403)
        expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.FORBIDDEN })
      }
    })

    it('lists the click-to-chat link and confirms the code for the sender over a signature of the raw bytes', async () => {
      const { code, auth } = await startCode()
      expect(auth.find((a) => a.method === 'whatsapp')).toMatchObject({
        link: `https://wa.me/${WA_NUMBER}?text=LOGIN%20${code}`,
        text: `LOGIN ${code}`,
      })
      await agree(code)
      const raw = messageBody('16505551234', `LOGIN ${code}`, wamid())
      expect(raw).toContain('\\u00e9')
      // Re-serialized JSON differs from Meta's bytes, so its signature must not pass.
      const reserialized = JSON.stringify(JSON.parse(raw))
      expect(reserialized).not.toBe(raw)
      const forged = await post(raw, waSign(reserialized))
      expect(forged.statusCode).toBe(401)
      await expectUnconfirmed(code)

      const res = await post(raw)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ status: true, data: { confirmed: 1 } })
      expect(await codeRow(code)).toMatchObject({ confirmedPhone: '+16505551234', confirmedVia: 'whatsapp' })
      await expectToken(code, '+16505551234')
    })

    it('refuses a wrong or missing signature with 401 and confirms nothing', async () => {
      const { code } = await startCode()
      await agree(code)
      const id = wamid()
      const raw = messageBody('14155550123', `LOGIN ${code}`, id)
      for (const signature of [
        null,
        '',
        'sha256=',
        waSign(raw, 'access-token-not-app-secret'),
        waSign(raw).toUpperCase(),
        waSign(raw).replace('sha256=', 'sha1='),
        `${waSign(raw)}00`,
        'sha256=zz',
      ]) {
        const res = await post(raw, signature)
        expect(res.statusCode, String(signature)).toBe(401)
        expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.WEBHOOK_SIGNATURE_INVALID })
      }
      await expectUnconfirmed(code)
      // The refused deliveries were not recorded: Meta's signed retry of the same message still counts.
      expect((await post(raw)).json().data.confirmed).toBe(1)
      await expectToken(code, '+14155550123')
    })

    it('accepts a statuses-only payload and changes nothing', async () => {
      const before = await t.database.db.select().from(authCodes)
      const raw =
        `{"object":"whatsapp_business_account","entry":[{"id":"1022901","changes":[{"value":{"messaging_product":"whatsapp",` +
        `"metadata":{"display_phone_number":"${WA_NUMBER}","phone_number_id":"${WA_PHONE_NUMBER_ID}"},` +
        `"statuses":[{"id":"${wamid()}","status":"delivered","timestamp":"1700000000","recipient_id":"16505551234"}]},"field":"messages"}]}]}`
      const res = await post(raw)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ status: true, data: { confirmed: 0 } })
      expect(await t.database.db.select().from(authCodes)).toEqual(before)
    })

    it('ignores a message to another phone_number_id', async () => {
      const { code } = await startCode()
      await agree(code)
      const res = await post(messageBody('16505551235', `LOGIN ${code}`, wamid(), '999999999999'))
      expect(res.statusCode).toBe(200)
      expect(res.json().data.confirmed).toBe(0)
      await expectUnconfirmed(code)
    })

    it('ignores a redelivered message id', async () => {
      const id = wamid()
      const first = await startCode()
      await agree(first.code)
      const raw = messageBody('12125550199', `LOGIN ${first.code}`, id)
      expect((await post(raw)).json().data.confirmed).toBe(1)
      expect((await post(raw)).json().data.confirmed).toBe(0)
      // Even carrying another live code, a message id already handled does nothing.
      const second = await startCode()
      await agree(second.code)
      expect((await post(messageBody('12125550199', `LOGIN ${second.code}`, id))).json().data.confirmed).toBe(0)
      await expectUnconfirmed(second.code)
      await expectToken(first.code, '+12125550199')
    })

    it('does not confirm an expired code', async () => {
      const { code } = await startCode()
      await agree(code)
      await expireCode(code)
      const res = await post(messageBody('33612345678', `LOGIN ${code}`, wamid()))
      expect(res.statusCode).toBe(200)
      expect(res.json().data.confirmed).toBe(0)
      expect((await codeRow(code)).confirmedAt).toBeNull()
      expect((await check(code)).json().status_code).toBe(ERROR_CODES.CODE_EXPIRED)
    })

    it('answers malformed but signed bodies without a 5xx', async () => {
      for (const raw of [
        'null',
        '[]',
        '"x"',
        '{"object":"whatsapp_business_account","entry":"x"}',
        '{"object":"whatsapp_business_account","entry":[{"changes":[{"field":"messages","value":{"metadata":{"phone_number_id":"106540352242922"},"messages":[{"id":"m1","from":16505551234,"type":"text","text":{"body":"LOGIN 123456"}}]}}]}]}',
        '{"object":"whatsapp_business_account","entry":[null]}',
      ]) {
        const res = await post(raw)
        expect(res.statusCode, raw).toBeLessThan(500)
      }
      const notJson = await post('{"object":')
      expect(notJson.statusCode).toBe(400)
    })
  })

  describe('SMS (Twilio)', () => {
    const path = '/api/v6/auth/webhook/sms'
    const smsParams = (from: string, body: string, sid = `SM${crypto.randomBytes(16).toString('hex')}`) => ({
      ToCountry: 'US',
      ToState: 'CA',
      SmsMessageSid: sid,
      NumMedia: '0',
      ToCity: 'SAN FRANCISCO',
      FromZip: '94105',
      SmsSid: sid,
      FromState: 'CA',
      SmsStatus: 'received',
      FromCity: 'SAN FRANCISCO',
      Body: body,
      FromCountry: 'US',
      To: TWILIO_NUMBER,
      MessagingServiceSid: 'MG0123456789abcdef0123456789abcdef',
      ToZip: '94105',
      NumSegments: '1',
      MessageSid: sid,
      AccountSid: 'AC0123456789abcdef0123456789abcdef',
      From: from,
      ApiVersion: '2010-04-01',
    })
    /** null sends no signature header at all. */
    const post = (params: Record<string, string>, signature: string | null = twilioSign(TWILIO_TOKEN, PUBLIC_URL + path, params)) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { ...formHeaders, ...(signature === null ? {} : { 'x-twilio-signature': signature }) },
        payload: form(params),
      })

    it('lists the SMS number and confirms the code for From, answering TwiML', async () => {
      const { code, auth } = await startCode()
      expect(auth.find((a) => a.method === 'sms')).toMatchObject({ number: TWILIO_NUMBER, text: code })
      await agree(code)
      const res = await post(smsParams('+14155550123', `My code is ${code}`))
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/xml/)
      expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response><Message>[^<]+<\/Message><\/Response>$/)
      expect(await codeRow(code)).toMatchObject({ confirmedPhone: '+14155550123', confirmedVia: 'sms' })
      await expectToken(code, '+14155550123')
    })

    it('refuses a wrong or missing signature with 401 and confirms nothing', async () => {
      const { code } = await startCode()
      await agree(code)
      const params = smsParams('+14155550124', code)
      const signedElsewhere = twilioSign(TWILIO_TOKEN, `https://other.example${path}`, params)
      const tampered = twilioSign(TWILIO_TOKEN, PUBLIC_URL + path, { ...params, From: '+14155550125' })
      for (const signature of [null, '', 'bm9wZQ==', twilioSign('wrong-token', PUBLIC_URL + path, params), signedElsewhere, tampered]) {
        const res = await post(params, signature)
        expect(res.statusCode, String(signature)).toBe(401)
        expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.WEBHOOK_SIGNATURE_INVALID })
      }
      await expectUnconfirmed(code)
      expect((await post(params)).statusCode).toBe(200)
      await expectToken(code, '+14155550124')
    })

    it('ignores a duplicate MessageSid', async () => {
      const sid = `SM${crypto.randomBytes(16).toString('hex')}`
      const first = await startCode()
      await agree(first.code)
      expect((await post(smsParams('+14155550126', first.code, sid))).body).toContain('<Message>')
      const second = await startCode()
      await agree(second.code)
      const dup = await post(smsParams('+14155550126', second.code, sid))
      expect(dup.statusCode).toBe(200)
      expect(dup.headers['content-type']).toMatch(/^text\/xml/)
      expect(dup.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>')
      await expectUnconfirmed(second.code)
      await expectToken(first.code, '+14155550126')
    })

    it('does not confirm an expired code', async () => {
      const { code } = await startCode()
      await agree(code)
      await expireCode(code)
      const res = await post(smsParams('+14155550127', code))
      expect(res.statusCode).toBe(200)
      expect(res.body).toMatch(/expired/i)
      expect((await codeRow(code)).confirmedAt).toBeNull()
      expect((await check(code)).json().status_code).toBe(ERROR_CODES.CODE_EXPIRED)
    })

    it('answers odd bodies without a 5xx', async () => {
      const odd: Array<{ payload: string; type: string }> = [
        { payload: '', type: 'application/x-www-form-urlencoded' },
        { payload: 'From=%2B1&From=%2B2&Body=123456', type: 'application/x-www-form-urlencoded' },
        { payload: '"x"', type: 'application/json' },
        { payload: '[1,2]', type: 'application/json' },
      ]
      for (const { payload, type } of odd) {
        const res = await t.app.inject({
          method: 'POST',
          url: path,
          headers: { ...headers, 'content-type': type, 'x-twilio-signature': 'abc' },
          payload,
        })
        expect(res.statusCode, payload).toBeLessThan(500)
      }
    })
  })
})

describe('webhooks of providers that are not configured', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite')
  })
  afterAll(async () => t?.close())

  it('answer 404 with the error envelope', async () => {
    const calls = [
      {
        method: 'POST' as const,
        url: '/api/v6/auth/webhook/telegram',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'x' },
        payload: '{"update_id":1}',
      },
      { method: 'GET' as const, url: '/api/v6/auth/webhook/whatsapp?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1' },
      {
        method: 'POST' as const,
        url: '/api/v6/auth/webhook/whatsapp',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
        payload: '{}',
      },
      {
        method: 'POST' as const,
        url: '/api/v6/auth/webhook/sms',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' },
        payload: 'Body=123456',
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
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/v202111/auth/get',
      headers,
      query: sign('GET', '/api/v202111/auth/get', {}),
    })
    expect(start.json().data.auth.map((a: { method: string }) => a.method)).toEqual(['dev'])
  })
})
