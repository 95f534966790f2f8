// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { complaintAddBody } from '@contract/api/community'

const token = vi.fn<(action: string) => Promise<string | null>>()
vi.mock('@/lib/bot-check', () => ({ botCheck: () => ({ enabled: true, token }) }))

const { addComplaint } = await import('./add-complaint')

const FIELDS = { name: 'Jo Doe', email: 'jo@example.com', message: 'Insults me and my family' }

describe('sending a complaint', () => {
  afterEach(() => vi.unstubAllGlobals())

  const sent = () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ status: true, data: { id: 5, status: 'accepted' } }), { status: 200 }),
    )
    vi.stubGlobal('fetch', fetchMock)
    return () => Object.fromEntries(new URLSearchParams(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body)))
  }

  it('sends the bot check’s token as bot_token when the check is on', async () => {
    token.mockResolvedValueOnce('turnstile-token')
    const body = sent()
    await addComplaint({ type: 'thread', id: 12 }, FIELDS)
    expect(token).toHaveBeenCalledWith('complaint')
    expect(body()).toMatchObject({ target_type: 'thread', target_id: '12', bot_token: 'turnstile-token' })
    expect(complaintAddBody.safeParse(body()).success).toBe(true)
  })

  it('sends no token when the check gives none', async () => {
    token.mockResolvedValueOnce(null)
    const body = sent()
    await addComplaint({ type: 'profile', id: 7, profileId: 7, firstName: 'Sam', lastName: null }, FIELDS)
    expect(body()).not.toHaveProperty('bot_token')
    expect(body()).toMatchObject({ target_type: 'profile', target_id: '7', profile_id: '7', first_name: 'Sam' })
    expect(complaintAddBody.safeParse(body()).success).toBe(true)
  })
})
