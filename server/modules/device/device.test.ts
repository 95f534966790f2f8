import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from '../../../tests/support/database'
import { createTestApp, signInEach, type TestApp } from '../../../tests/support/app'
import { apiClient, expectError } from '../../../tests/support/api'
import { DEVICES_MAX, deviceAddResponse, deviceListResponse } from '../../../contract/api/device'
import { ERROR_CODES } from '../../../contract/errors'
import { devicePasswords } from '../../db/schema'

const ANNA = '+4915170500001'
const BEN = '+4915170500002'
const LEAVER = '+4915170500003'
const EVERYWHERE = '+4915170500004'
const MANY = '+4915170500005'

describe.each(backends)('device passwords on %s', (backend) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    await signInEach(t.app, [ANNA, BEN, LEAVER, EVERYWHERE, MANY], { tokens, ids: {} })
  })
  afterAll(async () => t?.close())

  const { post, get } = apiClient(() => t.app, tokens)
  const add = async (who: string, params: Record<string, string | number>) => {
    const res = await post(who, '/api/v6/device/add', params)
    expect(res.statusCode, res.body).toBe(200)
    return deviceAddResponse.parse(res.json()).data
  }
  const list = async (who: string) => deviceListResponse.parse((await get(who, '/api/v6/device/list')).json()).data
  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
  const test = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/phoneblock/api/test', headers: authorization ? { authorization } : {} })

  it('makes a password shown once, keeps only its hash, and lists the device with its last use', async () => {
    const phone = await add(ANNA, { name: 'My iPhone', kind: 'phone' })
    expect(phone).toMatchObject({ name: 'My iPhone', kind: 'phone', maxEntries: null, user: ANNA.slice(1), lastUsedAtTimestamp: null })
    expect(phone.password.length).toBeGreaterThanOrEqual(40)
    const stored = await t.database.db.select().from(devicePasswords)
    expect(JSON.stringify(stored)).not.toContain(phone.password)

    expect((await list(ANNA)).items.map((d) => [d.name, d.lastUsedAtTimestamp])).toEqual([['My iPhone', null]])
    expect((await test(`Bearer ${phone.password}`)).body).toBe('OK')
    // Basic with any user name, as routers and CardDAV clients send it.
    expect((await test(basic('anything', phone.password))).statusCode).toBe(200)
    expect((await list(ANNA)).items[0].lastUsedAtTimestamp).toBeGreaterThan(0)
    // Another person's list shows none of it; nor does the answer repeat the password.
    expect((await list(BEN)).items).toEqual([])
    expect((await get(ANNA, '/api/v6/device/list')).body).not.toContain(phone.password)
  })

  it(`keeps a person at ${DEVICES_MAX} devices even when many are added at once, with a code the app words`, async () => {
    const answers = await Promise.all(
      Array.from({ length: DEVICES_MAX + 10 }, (_, i) => post(MANY, '/api/v6/device/add', { name: `Phone ${i}`, kind: 'phone' })),
    )
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(DEVICES_MAX)
    const refused = answers.filter((r) => r.statusCode !== 200)
    expect(refused).toHaveLength(10)
    for (const r of refused) expect(r.json()).toMatchObject({ status: false, status_code: ERROR_CODES.DEVICES_FULL })
    expect((await list(MANY)).items).toHaveLength(DEVICES_MAX)
  })

  it('gives a router 2,000 entries unless told otherwise', async () => {
    expect((await add(ANNA, { name: 'Fritz!Box', kind: 'router' })).maxEntries).toBe(2000)
    expect((await add(ANNA, { name: 'Small box', kind: 'router', max_entries: 500 })).maxEntries).toBe(500)
  })

  it('answers 401 with a Basic challenge without a password, with a wrong one, and with a web session token', async () => {
    for (const res of [
      await test(),
      await test('Bearer not-a-password'),
      await test(basic('x', 'wrong')),
      await test(`Bearer ${tokens[ANNA]}`),
    ]) {
      expect(res.statusCode).toBe(401)
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/)
    }
  })

  it('never acts as a web session: a device password opens no account call', async () => {
    const { password } = await add(BEN, { name: 'Tablet', kind: 'app' })
    for (const url of ['/api/v6/profile/my', '/api/v6/numcy/balance', '/api/v6/device/list']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${password}` } })
      expect([401, 403], `${url}: ${res.body}`).toContain(res.statusCode)
    }
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v6/device/add',
      headers: { authorization: `Bearer ${password}` },
      payload: { name: 'x', kind: 'app' },
    })
    expect([401, 403]).toContain(made.statusCode)
  })

  it('revokes at once, only the owner can, and refuses bad input without a change', async () => {
    const d = await add(BEN, { name: 'Old phone', kind: 'phone' })
    expect((await test(`Bearer ${d.password}`)).statusCode).toBe(200)
    // Someone else's device: nothing happens.
    expect((await post(ANNA, '/api/v6/device/revoke', { id: d.id })).json().data.revoked).toBe(false)
    expect((await test(`Bearer ${d.password}`)).statusCode).toBe(200)
    expect((await post(BEN, '/api/v6/device/revoke', { id: d.id })).json().data.revoked).toBe(true)
    expect((await test(`Bearer ${d.password}`)).statusCode).toBe(401)
    expect((await list(BEN)).items.map((i) => i.name)).not.toContain('Old phone')

    const before = (await list(BEN)).items.length
    expectError(await post(BEN, '/api/v6/device/add', { name: '', kind: 'phone' }), 400)
    expectError(await post(BEN, '/api/v6/device/add', { name: 'x', kind: 'toaster' }), 400)
    expectError(await post(BEN, '/api/v6/device/add', { name: 'x', kind: 'router', max_entries: -5 }), 400)
    expectError(await post(BEN, '/api/v6/device/revoke', { id: 'abc' }), 400)
    expectError(await post(null, '/api/v6/device/add', { name: 'x', kind: 'phone' }), 401)
    expect((await list(BEN)).items.length).toBe(before)
  })

  it('ends with signing out everywhere and with deactivation', async () => {
    const a = await add(EVERYWHERE, { name: 'Phone', kind: 'phone' })
    expect((await post(EVERYWHERE, '/api/v6/auth/logout', { everywhere: 1 })).statusCode).toBe(200)
    expect((await test(`Bearer ${a.password}`)).statusCode).toBe(401)

    const b = await add(LEAVER, { name: 'Router', kind: 'router' })
    expect((await post(LEAVER, '/api/v6/profile/deactivate', { cancel: 1 })).statusCode).toBe(200)
    expect((await test(`Bearer ${b.password}`)).statusCode).toBe(401)
  })
})
