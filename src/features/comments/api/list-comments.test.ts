import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const get = vi.fn()
vi.mock('@/lib/api', () => ({ api: { get: (...args: unknown[]) => get(...args) }, answerSchema: () => undefined }))

const { listCommentsAhead, listCommentsOrAhead } = await import('./list-comments')

const page = (text: string) => ({ data: { items: [{ id: 1, text }], total: 1 } })

describe('the first page of comments asked for ahead (ADR 0041)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    get.mockReset()
  })
  afterEach(() => vi.useRealTimers())

  it('answers the card’s first page without asking again, once', async () => {
    get.mockResolvedValueOnce(page('ahead')).mockResolvedValueOnce(page('asked again'))
    listCommentsAhead('+4930901821', 'interesting', 10)
    listCommentsAhead('+4930901821', 'interesting', 10)
    expect(get).toHaveBeenCalledTimes(1)
    expect(get).toHaveBeenCalledWith(
      '/api/v7/comment/list',
      { phone: '+4930901821', order_by: 'interesting', offset: 0, limit: 10 },
      undefined,
    )
    expect((await listCommentsOrAhead('+4930901821', 'interesting', 0, 10)).items[0].text).toBe('ahead')
    // Used once: the card's next look (after a new comment, say) asks the server.
    expect((await listCommentsOrAhead('+4930901821', 'interesting', 0, 10)).items[0].text).toBe('asked again')
    expect(get).toHaveBeenCalledTimes(2)
  })

  it('asks the server for another page, order or number, and for a page asked for more than 30 s ago', async () => {
    get.mockImplementation(async (_path: string, params: { offset: number }) => page(`offset ${params.offset}`))
    listCommentsAhead('+4930901822', 'interesting', 10)
    await listCommentsOrAhead('+4930901822', 'interesting', 10, 10)
    await listCommentsOrAhead('+4930901822', 'new', 0, 10)
    await listCommentsOrAhead('+4930901823', 'interesting', 0, 10)
    expect(get).toHaveBeenCalledTimes(4)
    vi.setSystemTime(Date.now() + 30_001)
    await listCommentsOrAhead('+4930901822', 'interesting', 0, 10)
    expect(get).toHaveBeenCalledTimes(5)
  })

  it('forgets a page that failed: the card asks again itself', async () => {
    get.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(page('second try'))
    listCommentsAhead('+4930901824', 'interesting', 10)
    await Promise.resolve()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect((await listCommentsOrAhead('+4930901824', 'interesting', 0, 10)).items[0].text).toBe('second try')
    expect(get).toHaveBeenCalledTimes(2)
  })
})
