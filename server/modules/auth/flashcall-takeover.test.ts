import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../../../contract/errors'
import { createTestApp, form, sign, TEST_HOST, type TestApp } from '../../../tests/support/app'
import { codeFlow } from '../../../tests/support/code-flow'
import { backends } from '../../../tests/support/database'
import { twilioSignature, twilioVoiceParams } from '../../../tests/support/sign-in-webhooks'
import { authCodes } from '../../db/schema'

const TWILIO_TOKEN = 'twilio-auth-token-takeover'
const VOICE_NUMBER = '+14155550102'
const PUBLIC_URL = 'https://callerid.example'
const formHeaders = { host: TEST_HOST, 'content-type': 'application/x-www-form-urlencoded' }
const VOICE_PATH = '/api/v6/auth/webhook/voice'

/**
 * Issue 29: a flash call from the victim's number must never confirm a code that another
 * browser bound to that number. Both browsers here only know the victim's number.
 */
describe.each(backends)('flash call with two sign-ins for one number on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend, {
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      TWILIO_VOICE_NUMBER: VOICE_NUMBER,
      PUBLIC_URL,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    })
  })
  afterAll(async () => t?.close())

  const { agreedCode, check, expectUnconfirmed, expectToken, expireCode } = codeFlow(() => t)
  const bind = (code: string, phone: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v6/auth/flashcall',
      headers: formHeaders,
      payload: form(sign('POST', '/api/v6/auth/flashcall', { code, phone })),
    })
  /** An inbound call from `from`, signed by Twilio as the real one would be. */
  async function callFrom(from: string) {
    const params = twilioVoiceParams(from, VOICE_NUMBER, { stirVerstat: 'TN-Validation-Passed-A' })
    const res = await t.app.inject({
      method: 'POST',
      url: VOICE_PATH,
      headers: { ...formHeaders, 'x-twilio-signature': twilioSignature(TWILIO_TOKEN, PUBLIC_URL + VOICE_PATH, params) },
      payload: form(params),
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<Reject/>')
  }
  async function expectDisturbed(code: string) {
    const res = await check(code)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      status: false,
      status_code: ERROR_CODES.CALL_DISTURBED,
      message: 'Another sign-in for this number was started at the same time; start again',
    })
    expect(res.json().data?.token).toBeUndefined()
  }
  async function confirmedPhone(code: string) {
    const [row] = await t.database.db.select({ phone: authCodes.confirmedPhone }).from(authCodes).where(eq(authCodes.code, code))
    return row?.phone ?? null
  }

  for (const order of ['victim first', 'attacker first'] as const) {
    it(`never hands the victim's token to the attacker (${order}); alone again, the victim signs in`, async () => {
      const victimNumber = order === 'victim first' ? '+14155550201' : '+14155550202'
      const victim = await agreedCode()
      const attacker = await agreedCode()
      const [first, second] = order === 'victim first' ? [victim, attacker] : [attacker, victim]
      const firstBinding = await bind(first, victimNumber)
      const secondBinding = await bind(second, victimNumber)
      // The binding answers alike whether or not another sign-in waits for the number.
      expect(firstBinding.statusCode).toBe(200)
      expect(secondBinding.statusCode).toBe(200)
      const strip = (body: string) => ({ ...JSON.parse(body).data, expiresIn: 0 })
      expect(strip(secondBinding.body)).toEqual(strip(firstBinding.body))

      await callFrom(victimNumber)
      expect(await confirmedPhone(attacker)).toBeNull()
      expect(await confirmedPhone(victim)).toBeNull()
      await expectDisturbed(attacker)
      await expectDisturbed(victim)
      // A second call changes nothing, nor does binding the disturbed codes again.
      await callFrom(victimNumber)
      await expectDisturbed(attacker)
      const rebound = await bind(attacker, victimNumber)
      expect(rebound.statusCode).toBe(400)
      expect(rebound.json().status_code).toBe(ERROR_CODES.CALL_DISTURBED)
      await callFrom(victimNumber)
      await expectDisturbed(attacker)
      await expectDisturbed(victim)

      // A fresh code bound while the disturbed ones are live is disturbed too: the attacker
      // cannot rebind at once and catch the call the victim makes from a screen not yet updated.
      const quick = await agreedCode()
      expect((await bind(quick, victimNumber)).statusCode).toBe(200)
      await callFrom(victimNumber)
      expect(await confirmedPhone(quick)).toBeNull()
      await expectDisturbed(quick)

      // Once those have expired, the victim starts again alone and signs in.
      for (const code of [victim, attacker, quick]) await expireCode(code)
      const again = await agreedCode()
      expect((await bind(again, victimNumber)).statusCode).toBe(200)
      await expectUnconfirmed(again)
      await callFrom(victimNumber)
      await expectToken(again, victimNumber)
    })
  }

  it('keeps two bindings made at the same moment from both waiting alone', async () => {
    const number = '+14155550203'
    const codes = await Promise.all([agreedCode(), agreedCode(), agreedCode()])
    const bindings = await Promise.all(codes.map((code) => bind(code, number)))
    for (const res of bindings) expect(res.statusCode).toBe(200)
    await callFrom(number)
    for (const code of codes) {
      expect(await confirmedPhone(code)).toBeNull()
      await expectDisturbed(code)
    }
  })

  it('confirms the one code waiting for a number; another number and a refused code do not disturb it', async () => {
    const number = '+14155550204'
    const refused = await agreedCode()
    await bind(refused, number)
    const params = twilioVoiceParams(number, VOICE_NUMBER, { stirVerstat: 'TN-Validation-Failed-A' })
    await t.app.inject({
      method: 'POST',
      url: VOICE_PATH,
      headers: { ...formHeaders, 'x-twilio-signature': twilioSignature(TWILIO_TOKEN, PUBLIC_URL + VOICE_PATH, params) },
      payload: form(params),
    })
    expect((await check(refused)).json().status_code).toBe(ERROR_CODES.CALL_NOT_ATTESTED)
    // Starting again after a refused call works at once.
    const code = await agreedCode()
    const elsewhere = await agreedCode()
    await bind(code, number)
    await bind(elsewhere, '+14155550205')
    // The same code bound twice to the number is one sign-in.
    await bind(code, number)
    await callFrom(number)
    await expectToken(code, number)
    await expectUnconfirmed(elsewhere)
  })
})
