// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { withActionKey } from './action-key'

vi.hoisted(() => {
  ;(globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.1.0-test'
})
const { api } = await import('./api')

const ok = () => new Response(JSON.stringify({ status: true, data: {} }), { status: 200, headers: { 'content-type': 'application/json' } })
const schema = async () => z.object({ status: z.literal(true), data: z.object({}) })
let fetchMock: ReturnType<typeof vi.fn>
beforeEach(() => {
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})
const keyOf = (call: number) => (fetchMock.mock.calls[call][1].headers as Record<string, string>)['idempotency-key']

describe('money calls carry one Idempotency-Key per user action', () => {
  it('a double click while the first call is on its way sends the same key; the next action a new one', async () => {
    let release!: () => void
    fetchMock
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (release = () => resolve(ok()))))
      .mockImplementation(async () => ok())
    const spend = () =>
      withActionKey('comment-up:7', (idempotencyKey) => api.post('/api/v11/comment/like', { comment_id: 7 }, schema, { idempotencyKey }))
    const first = spend()
    const second = spend()
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
    expect(keyOf(0)).toMatch(/^[0-9a-f-]{32,36}$/)
    expect(keyOf(1)).toBe(keyOf(0))
    release()
    await Promise.all([first, second])
    await spend()
    expect(keyOf(2)).not.toBe(keyOf(0))
    // Another thing clicked at the same time is another action.
    await withActionKey('comment-up:8', (idempotencyKey) =>
      api.post('/api/v11/comment/like', { comment_id: 8 }, schema, { idempotencyKey }),
    )
    expect(keyOf(3)).not.toBe(keyOf(2))
  })

  it('retries a keyed call after a network error with the same key, and a call without a key not at all', async () => {
    vi.useFakeTimers()
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(async () => ok())
    const keyed = api.post('/api/v6/fof/request', { phone: '+4930123' }, schema, { idempotencyKey: 'k-1' })
    await vi.runAllTimersAsync()
    await expect(keyed).resolves.toEqual({ status: true, data: {} })
    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect([keyOf(0), keyOf(1), keyOf(2)]).toEqual(['k-1', 'k-1', 'k-1'])

    fetchMock.mockReset()
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(api.post('/api/v7/comment/add', { phone: '1', text: 'x' }, schema)).rejects.toMatchObject({ status: 0 })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(keyOf(0)).toBeUndefined()
  })
})
