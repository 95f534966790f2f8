import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTokenService } from './tokens'

const SECRET = 'tokens-test-secret-tokens-test-secret-0123'

describe('session tokens', () => {
  afterEach(() => vi.useRealTimers())

  it('verifies a token again and again, and refuses it once it expired though it was verified before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'))
    const tokens = createTokenService(SECRET)
    const token = await tokens.sign({ userId: 7, sessionId: 's-1' }, 60)
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 's-1' })
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 's-1' })
    vi.setSystemTime(new Date('2026-11-25T10:01:01Z'))
    expect(await tokens.verify(token)).toBeNull()
  })

  it('refuses a token signed with another secret, a tampered one and a one-time key', async () => {
    const tokens = createTokenService(SECRET)
    const token = await tokens.sign({ userId: 7, sessionId: 's-1' })
    expect(await tokens.verify(token)).not.toBeNull()
    expect(await createTokenService(`${SECRET}-other`).verify(token)).toBeNull()
    const [head, body, sig] = token.split('.')
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), sub: '8' })).toString('base64url')
    expect(await tokens.verify(`${head}.${forged}.${sig}`)).toBeNull()
    expect(await tokens.verify(await tokens.signKey(7, 'k-1'))).toBeNull()
  })
})
