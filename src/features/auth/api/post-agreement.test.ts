// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'

const token = vi.fn<(action: string) => Promise<string | null>>()
vi.mock('@/lib/bot-check', () => ({ botCheck: () => ({ enabled: true, token }) }))

const { postAgreement } = await import('./post-agreement')

describe('accepting the terms', () => {
  afterEach(() => vi.unstubAllGlobals())

  const sent = () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ status: true, data: { code: '123456', agreed: true } }), { status: 200 }),
    )
    vi.stubGlobal('fetch', fetchMock)
    return () => new URLSearchParams(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))
  }

  it('sends the bot check’s token with the signed call when the check is on', async () => {
    token.mockResolvedValueOnce('turnstile-token')
    const body = sent()
    await postAgreement('123456')
    expect(token).toHaveBeenCalledWith('sign_in')
    expect(body().get('bot_token')).toBe('turnstile-token')
    expect(body().get('signature')).toMatch(/^[0-9a-f]{64}$/)
  })

  it('sends no token when the check gives none', async () => {
    token.mockResolvedValueOnce(null)
    const body = sent()
    await postAgreement('123456')
    expect(body().has('bot_token')).toBe(false)
  })
})
