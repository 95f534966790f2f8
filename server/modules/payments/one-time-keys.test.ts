import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, signIn, type TestApp } from '../../../tests/support/app'
import { apiClient } from '../../../tests/support/api'

/**
 * Issue 29: a one-time key (POST /api/v6/payment/key) is a way into an account. It dies with the
 * sessions of its user (sign-out, deactivation, deleting the privacy data), and the web app may ask
 * whose it is (POST /api/v6/auth/key/peek) without spending it.
 */
const OWNER = '+4915170290001'
const OTHER = '+4915170290002'
const REFUSED = 'This key is not valid, has expired or was already used'

describe.each(backends)('one-time keys on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
  })
  afterAll(async () => t?.close())

  const { post } = apiClient(() => t.app)
  const makeKey = async (token: string) => {
    const res = await post(token, '/api/v6/payment/key')
    expect(res.statusCode).toBe(200)
    return res.json().data.key as string
  }
  const trade = (key: string) => post(null, '/api/v6/auth/key', { key })
  const peek = (key: string) => post(null, '/api/v6/auth/key/peek', { key })
  const expectRefused = (res: Awaited<ReturnType<typeof trade>>) => {
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: false, message: REFUSED })
  }

  it('a key made before signing out is refused after it', async () => {
    const { token } = await signIn(t.app, OWNER)
    const key = await makeKey(token)
    expect((await post(token, '/api/v6/auth/logout')).statusCode).toBe(200)
    expectRefused(await trade(key))
  })

  it('signing out voids the keys of every session of the user, and nobody else’s', async () => {
    const one = await signIn(t.app, OWNER)
    const two = await signIn(t.app, OWNER)
    const other = await signIn(t.app, OTHER)
    const mine = await makeKey(two.token)
    const theirs = await makeKey(other.token)
    expect((await post(one.token, '/api/v6/auth/logout')).statusCode).toBe(200)
    expectRefused(await trade(mine))
    expect((await trade(theirs)).statusCode).toBe(200)
    // A key made after signing out in another session works.
    expect((await trade(await makeKey(two.token))).statusCode).toBe(200)
  })

  it('a key made before deactivating is refused once the account is restored by signing in again', async () => {
    const { token } = await signIn(t.app, OWNER)
    const key = await makeKey(token)
    expect((await post(token, '/api/v6/profile/deactivate', { cancel: 1 })).statusCode).toBe(200)
    const restored = await signIn(t.app, OWNER)
    expect((await t.app.inject({ method: 'GET', url: '/api/v6/profile/my', headers: bearer(restored.token) })).statusCode).toBe(200)
    expectRefused(await trade(key))
    expect((await peek(key)).statusCode).toBe(400)
  })

  it('a key made before deleting the privacy data is refused after it', async () => {
    const { token } = await signIn(t.app, OWNER)
    const key = await makeKey(token)
    expect((await post(token, '/api/v6/privacy/delete')).statusCode).toBe(200)
    expectRefused(await trade(key))
  })

  it('peeking tells whose a key is without spending it; a used, forged or session key tells nothing', async () => {
    const { token, profileId } = await signIn(t.app, OTHER)
    const key = await makeKey(token)
    for (let i = 0; i < 2; i++) {
      const res = await peek(key)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ status: true, data: { phoneNumber: OTHER, profileId } })
    }
    // Still unused: it trades once, and then neither trades nor peeks.
    expect((await trade(key)).json().data).toMatchObject({ phoneNumber: OTHER, profileId })
    expectRefused(await trade(key))
    const used = await peek(key)
    expect(used.statusCode).toBe(400)
    expect(used.json().message).toBe(REFUSED)
    expect((await peek(token)).statusCode).toBe(400)
    expect((await peek(`${key.slice(0, -4)}AAAA`)).statusCode).toBe(400)
    // Validated by the contract: a readable 400, never a 500.
    const empty = await post(null, '/api/v6/auth/key/peek')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().status).toBe(false)
  })
})
